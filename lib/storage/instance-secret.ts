import "server-only";
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { isGone } from "./is-gone";

// Zero configuration: without BETTER_AUTH_SECRET a strong secret is generated into the data
// directory on first start (readable by the owner only) and reused on every later start, so
// sessions survive restarts. Instances sharing the data directory share it too: the first
// to start writes it whole under a temporary name and links it into place, so another
// starting at the same moment reads either no file or the complete secret, never a part.

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
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, secret + "\n", { mode: 0o600, flag: "wx" });
    // link() fails with EEXIST instead of replacing: if another starter won, keep its secret.
    await link(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return (await readFile(file, "utf8")).trim();
    throw error;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}
