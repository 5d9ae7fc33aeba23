// Prisma CLI configuration. Only `prisma generate` is used from the CLI: migrations are
// generated and applied by scripts/ through the wasm schema engine (no native engine offline).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
