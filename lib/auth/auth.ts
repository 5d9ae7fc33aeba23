import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { createFirstProject } from "@/lib/projects/create-first-project";
import { loadAuthSecret } from "./secret";

async function createAuth() {
  const { appUrl, port, dataDir } = config();
  const prisma = await getDb();
  const secret = await loadAuthSecret(process.env, dataDir);
  // Without APP_URL the app answers on both loopback names, whichever the browser opened.
  const localOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return betterAuth({
    secret,
    baseURL: appUrl ?? {
      allowedHosts: [`localhost:${port}`, `127.0.0.1:${port}`],
      protocol: "http",
      fallback: localOrigins[0],
    },
    trustedOrigins: appUrl ? [appUrl] : localOrigins,
    database: prismaAdapter(prisma, { provider: "postgresql" }),
    emailAndPassword: { enabled: true, minPasswordLength: 8 },
    // Origin checks stay on in every environment (better-auth turns them off under NODE_ENV=test).
    advanced: { useSecureCookies: appUrl?.startsWith("https://") ?? false, disableOriginCheck: false },
    // better-auth's own rate limit stays as it ships: on in production, strict on sign-in/up.
    databaseHooks: {
      user: { create: { after: async (user) => createFirstProject(user.id) } },
    },
    plugins: [nextCookies()],
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

const holder = globalThis as typeof globalThis & { __workspaceAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  holder.__workspaceAuth ??= createAuth().catch((error) => {
    holder.__workspaceAuth = undefined;
    throw error;
  });
  return holder.__workspaceAuth;
}
