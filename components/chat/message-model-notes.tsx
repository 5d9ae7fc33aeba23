"use client";

import { Info } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { modelLabel } from "./model-label";

/** What the person should know about the model behind this answer (stored with it). */
export function MessageModelNotices({ message }: { message: ThreadMessage }) {
  const t = useTranslations("models");
  const notices = message.metadata?.notices ?? [];
  const imagesOmitted = message.metadata?.imagesOmitted === true;
  if (!notices.length && !imagesOmitted) return null;
  return (
    <div className="space-y-2">
      {imagesOmitted ? (
        <p
          role="note"
          className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30"
          data-testid="model-notice"
          data-kind="images_omitted"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t("noticeImagesOmitted", { model: modelLabel(message.metadata?.modelId ?? "") })}</span>
        </p>
      ) : null}
      {notices.map((notice) => (
        <p
          key={notice.kind}
          role="note"
          className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30"
          data-testid="model-notice"
          data-kind={notice.kind}
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {notice.kind === "model_fallback"
              ? t("noticeFallback", {
                  requested: modelLabel(notice.requestedModelId),
                  model: modelLabel(notice.modelId),
                })
              : t("noticeNoTools", { model: modelLabel(notice.modelId) })}
          </span>
        </p>
      ))}
    </div>
  );
}

/** The model that wrote this answer, in small print under it. */
export function MessageModelCaption({ message }: { message: ThreadMessage }) {
  const t = useTranslations("models");
  const modelId = message.metadata?.modelId;
  if (!modelId) return null;
  return (
    <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="answer-model" data-model-id={modelId}>
      {t("answeredBy", { model: modelLabel(modelId) })}
    </p>
  );
}
