import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { findSessionUser, type SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { getThreadOrThrow } from "@/lib/threads/get-thread";

// cache(): generateMetadata and the page ask for the same rows in one request; read them once.

// Pages render alongside the layout, not after it, so each page that reads data checks the
// session itself rather than trusting the layout's redirect to have happened first.
export const requirePageUser = cache(async (): Promise<SessionUser> => {
  const user = await findSessionUser(await headers());
  if (!user) redirect("/sign-in");
  return user;
});

/** A missing or foreign resource renders the 404 page, exactly like the API's 404. */
async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export const loadPageProject = cache(async (projectId: string) => {
  const user = await requirePageUser();
  return orNotFound(getProjectOrThrow({ projectId, userId: user.id }));
});

export const loadPageThread = cache(async (threadId: string) => {
  const user = await requirePageUser();
  return orNotFound(getThreadOrThrow({ threadId, userId: user.id }));
});
