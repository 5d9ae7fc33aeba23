"use client";

import { useTranslations } from "next-intl";
import { useModels } from "@/lib/client/queries";
import { RunStartError } from "./run-start-error";

/**
 * The sentence shown for a failed run. Refusals to start get a localized sentence by code;
 * a failure during the run carries the server's description of the provider error (already
 * short and free of internals), which is the most useful thing to show as is.
 */
export function useRunErrorText(): (error: Error) => string {
  const t = useTranslations("chat");
  const te = useTranslations("errors");
  // With MODEL_ENDPOINTS but no default model, the fix is in the picker, not the server.
  const anyModel = Boolean(useModels().data?.models.length);
  return (error) => {
    if (error instanceof RunStartError) {
      if (error.code === "conflict") return t("errorConflict");
      if (error.code === "unavailable") return anyModel ? t("errorChooseModel") : t("errorNoModel");
      if (["not_found", "unauthorized", "internal", "network"].includes(error.code)) return te(error.code);
      return error.message;
    }
    // The action's own request failing (offline, server restarting) surfaces as a TypeError.
    if (error instanceof TypeError) return te("network");
    return error.message || te("unknown");
  };
}
