"use client";

import { useTranslations } from "next-intl";
import { RunStartError } from "./run-start-error";

/**
 * The sentence shown for a failed run. Refusals to start get a localized sentence by code;
 * a failure during the run carries the server's description of the provider error (already
 * short and free of internals), which is the most useful thing to show as is.
 */
export function useRunErrorText(): (error: Error) => string {
  const t = useTranslations("chat");
  const te = useTranslations("errors");
  return (error) => {
    if (error instanceof RunStartError) {
      if (error.code === "conflict") return t("errorConflict");
      if (error.code === "unavailable") return t("errorNoModel");
      if (["not_found", "unauthorized", "internal", "network"].includes(error.code)) return te(error.code);
      return error.message;
    }
    // The action's own request failing (offline, server restarting) surfaces as a TypeError.
    if (error instanceof TypeError) return te("network");
    return error.message || te("unknown");
  };
}
