import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { isGone } from "@/lib/storage/is-gone";

// Zero configuration: without BETTER_AUTH_SECRET a strong secret is generated into the data
// directory on first start (readable by the owner only) and reused on every later start, so
// sessions survive restarts.

export async function loadAuthSecret(env: Record<string, string | undefined>, dataDir: string): Promise<string> {
  const fromEnv = env.BETTER_AUTH_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = path.resolve(dataDir, "auth-secret");
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (!isGone(error)) throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": if another starter raced us, keep its secret rather than overwrite it.
    await writeFile(file, secret + "\n", { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return (await readFile(file, "utf8")).trim();
    throw error;
  }
}
