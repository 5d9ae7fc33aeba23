"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "./api";

// Server messages are English and meant for developers; users get a localized sentence
// chosen by the error code.
const LOCALIZED_CODES = new Set([
  "network",
  "bad_request",
  "unauthorized",
  "forbidden_origin",
  "not_found",
  "content_missing",
  "conflict",
  "payload_too_large",
  "validation_failed",
  "internal",
  "unavailable",
]);

export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations("errors");
  return (error) => {
    const code = error instanceof ApiError ? error.code : "unknown";
    return LOCALIZED_CODES.has(code) ? t(code) : t("unknown");
  };
}
