import type { Db, Tx } from "@/lib/db/client";
import { AppError, notFound, validationError } from "@/lib/errors";
import { AddressRefusedError, assertUrlAllowed } from "./address-policy";
import { serverSlug } from "./mcp-tool-name";

// The checks a connection's fields pass before they are stored, shared by create and update.

export interface McpServerFields {
  name: string;
  url: string;
  transport: "http" | "sse";
  headers?: Record<string, string>;
  enabledFor: "all" | "projects";
  projectIds: string[];
}

/** The name's key: one per person, as the agent's tool names would carry it. */
export const nameKeyOf = (name: string) => serverSlug(name).toLowerCase();

/** A 422 for a URL the address policy refuses; a name that does not resolve is left to the connect. */
export async function assertServerUrlAllowed(url: string): Promise<void> {
  try {
    await assertUrlAllowed(new URL(url));
  } catch (error) {
    if (error instanceof AddressRefusedError) throw validationError("url", error.message);
  }
}

/** Every project named must be the person's own: another's, or none, is a 404 like everywhere. */
export async function assertOwnedProjects(db: Db | Tx, userId: string, projectIds: string[]): Promise<string[]> {
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return unique;
  const found = await db.project.count({ where: { id: { in: unique }, userId } });
  if (found !== unique.length) throw notFound();
  return unique;
}

export async function assertNameFree(db: Db | Tx, userId: string, name: string, exceptId?: string): Promise<void> {
  const taken = await db.mcpServer.findFirst({
    where: { userId, nameKey: nameKeyOf(name), ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw nameTakenError();
}

export const nameTakenError = () => new AppError("conflict", "You already have a server with this name.");
