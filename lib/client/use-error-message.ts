"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "./api";
import { serverReason } from "./server-reason";

// A refusal (4xx) shows the server's own reason after a localized sentence for its code: the
// reason is specific ("the image could not be read") where the code is not. Without a reason
// (5xx, no answer, a stock message) the localized sentence stands alone.
const LOCALIZED_CODES = new Set([
  "network",
  "bad_request",
  "unauthorized",
  "forbidden_origin",
  "not_found",
  "content_missing",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "validation_failed",
  "internal",
  "unavailable",
]);

export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations("errors");
  return (error) => {
    const code = error instanceof ApiError ? error.code : "unknown";
    const summary = LOCALIZED_CODES.has(code) ? t(code) : t("unknown");
    const reason = error instanceof ApiError && error.answered ? serverReason(error.status, error.body) : null;
    return reason ? t("withReason", { summary, reason }) : summary;
  };
}
