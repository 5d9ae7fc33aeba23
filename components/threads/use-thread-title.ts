"use client";

import { useTranslations } from "next-intl";

/** A new chat has an empty title until it is renamed; show a readable placeholder instead. */
export function useThreadTitle(): (thread: { title: string }) => string {
  const t = useTranslations("threads");
  return (thread) => thread.title.trim() || t("untitled");
}
