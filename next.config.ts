import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import {
  API_CONTENT_SECURITY_POLICY,
  API_ROUTES_WITHOUT_FILES,
  COMMON_SECURITY_HEADERS,
} from "./lib/http/security-headers";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // markitdown-ts loads pdf.js workers from its own folder; PGlite and pgvector load their wasm
  // and extension bundle at runtime;
  // piscina starts lib/conversion/convert-worker.mjs by path.
  serverExternalPackages: ["markitdown-ts", "@electric-sql/pglite", "@electric-sql/pglite-pgvector", "piscina"],
  poweredByHeader: false,
  // Pages get their CSP (with a per-request nonce) from proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: [...COMMON_SECURITY_HEADERS, { key: "X-Frame-Options", value: "SAMEORIGIN" }] },
      {
        source: API_ROUTES_WITHOUT_FILES,
        headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
