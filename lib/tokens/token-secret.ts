import { createHash, randomBytes } from "node:crypto";

// A token's secret: "pwt_" + 43 base64url characters (256 random bits). Only its SHA-256 is
// stored; a fast hash is right here because the secret is random, not a password.

const SCHEME = "pwt_";
const PREFIX_LENGTH = SCHEME.length + 6;

export function newTokenSecret(): { secret: string; prefix: string; hash: string } {
  const secret = SCHEME + randomBytes(32).toString("base64url");
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH), hash: hashTokenSecret(secret) };
}

export function hashTokenSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Shape check before any lookup: anything else is not one of our tokens. */
export function looksLikeTokenSecret(value: string): boolean {
  return /^pwt_[A-Za-z0-9_-]{43}$/.test(value);
}
