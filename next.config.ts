import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // markitdown-ts loads pdf.js workers from its own folder; PGlite loads its wasm at runtime;
  // piscina starts lib/conversion/convert-worker.mjs by path.
  serverExternalPackages: ["markitdown-ts", "@electric-sql/pglite", "piscina"],
  poweredByHeader: false,
};

export default withNextIntl(nextConfig);
