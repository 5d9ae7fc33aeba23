"use client";

import { toast } from "sonner";
import { useTranslations } from "next-intl";
import type { ChatScope } from "@/lib/client/api";
import { useSetThreadScope } from "@/lib/client/mutations";
import { useThreadScope } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";

/** One thing a scope can hold: a folder (with everything below it) or a document. */
export type ScopeItem = { kind: "folder"; id: string } | { kind: "document"; id: string };

const EMPTY: ChatScope = { folderIds: [], documentIds: [] };

/** Reads and changes a chat's scope, one item at a time; the whole shelf again with `clear`. */
export function useScopeEditor(threadId: string) {
  const t = useTranslations("scope");
  const errorMessage = useErrorMessage();
  const scope = useThreadScope(threadId).data ?? null;
  const save = useSetThreadScope(threadId);
  const current = scope ?? EMPTY;
  const write = (next: ChatScope) =>
    save.mutate(next.folderIds.length + next.documentIds.length === 0 ? null : next, {
      onError: (error) => toast.error(t("saveFailed"), { description: errorMessage(error) }),
    });
  const key = (item: ScopeItem) => (item.kind === "folder" ? "folderIds" : "documentIds");
  return {
    scope,
    pending: save.isPending,
    has: (item: ScopeItem) => current[key(item)].includes(item.id),
    add: (item: ScopeItem) =>
      current[key(item)].includes(item.id)
        ? undefined
        : write({ ...current, [key(item)]: [...current[key(item)], item.id] }),
    remove: (item: ScopeItem) => write({ ...current, [key(item)]: current[key(item)].filter((id) => id !== item.id) }),
    clear: () => write(EMPTY),
  };
}
