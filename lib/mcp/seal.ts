import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { config } from "@/lib/config/env";
import { loadAuthSecret } from "@/lib/storage/instance-secret";

// Secrets of MCP connections at rest (header values, OAuth tokens and client registrations):
// AES-256-GCM under a key derived (HKDF-SHA256) from the instance's secret, the one every
// instance on the data directory shares (BETTER_AUTH_SECRET, or the generated one). The
// associated data binds a sealed value to its row and purpose, so a value copied into
// another row does not open. Nothing sealed is ever returned by the API, logged or exported.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const holder = globalThis as typeof globalThis & { __workspaceMcpKey?: Promise<Buffer> };

function sealingKey(): Promise<Buffer> {
  holder.__workspaceMcpKey ??= loadAuthSecret(process.env, config().dataDir).then((secret) =>
    Buffer.from(hkdfSync("sha256", secret, "workspace-mcp", "mcp connection secrets v1", 32)),
  );
  return holder.__workspaceMcpKey;
}

/** Tests change the secret between cases; this forgets the derived key. */
export function resetSealingKeyForTests(): void {
  holder.__workspaceMcpKey = undefined;
}

/** `v1.<base64url(iv | ciphertext | tag)>` of the value's JSON. */
export async function seal(value: unknown, context: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", await sealingKey(), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The sealed value, or null when it does not open (another secret, another row, tampered). */
export async function unseal<T>(sealed: string | null, context: string): Promise<T | null> {
  if (!sealed?.startsWith(`${VERSION}.`)) return null;
  try {
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", await sealingKey(), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(text.toString("utf8")) as T;
  } catch {
    return null;
  }
}
