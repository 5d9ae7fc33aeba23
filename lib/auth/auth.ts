import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { appOrigins } from "@/lib/http/app-origins";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { createFirstProject } from "@/lib/projects/create-first-project";
import { loadAuthSecret } from "@/lib/storage/instance-secret";

async function createAuth() {
  const { appUrl, port, dataDir } = config();
  const prisma = await getDb();
  const secret = await loadAuthSecret(process.env, dataDir);
  // Without APP_URL the app answers on both loopback names, whichever the browser opened.
  const origins = appOrigins();
  return betterAuth({
    secret,
    baseURL: appUrl ?? {
      allowedHosts: [`localhost:${port}`, `127.0.0.1:${port}`],
      protocol: "http",
      fallback: origins[0],
    },
    trustedOrigins: origins,
    database: prismaAdapter(prisma, { provider: "postgresql" }),
    emailAndPassword: { enabled: true, minPasswordLength: 8 },
    // Origin checks stay on in every environment (better-auth turns them off under NODE_ENV=test).
    // The client address is resolved by the app (socket, TRUSTED_PROXIES) and handed over in
    // one header the auth route sets itself; better-auth never reads a client's forwarding header.
    advanced: {
      useSecureCookies: appUrl?.startsWith("https://") ?? false,
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // better-auth's own rate limit (on in production, strict on sign-up) keeps its counters in
    // the database, so every instance spends one budget. Sign-in has its own per-account and
    // per-address limits in front of it (lib/auth/sign-in-limits.ts), hence false here.
    rateLimit: { storage: "database", modelName: "rateLimit", customRules: { "/sign-in/email": false } },
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
