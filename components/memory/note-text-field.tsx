"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { inputClass } from "@/components/ui/text-field";
import { useConfig } from "@/lib/client/queries";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";

/** Mirrors PROJECT_NOTE_MAX_BYTES' default for the instant before the config is known. */
const DEFAULT_NOTE_MAX_BYTES = 1024;

/** Whether a draft can be saved as a note: not empty once trimmed, and within the byte cap. */
export function useNoteDraftCheck(draft: string): {
  bytes: number;
  maxBytes: number;
  overCap: boolean;
  empty: boolean;
} {
  const maxBytes = useConfig().data?.noteMaxBytes ?? DEFAULT_NOTE_MAX_BYTES;
  const bytes = utf8ByteLength(draft.trim());
  return { bytes, maxBytes, overCap: bytes > maxBytes, empty: draft.trim() === "" };
}

/**
 * A note's text: a labelled textarea with its UTF-8 byte count, and the over-cap message
 * announced with it. The server refuses (never cuts) a note over the cap; this says so first.
 */
export function NoteTextField({
  label,
  value,
  onChange,
  placeholder,
  autoFocus,
  onSubmit,
  onCancel,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
  /** Ctrl/⌘+Enter. */
  onSubmit?: () => void;
  /** Escape. */
  onCancel?: () => void;
  testId?: string;
}) {
  const t = useTranslations("memory");
  const format = useFormatter();
  const id = useId();
  const { bytes, maxBytes, overCap } = useNoteDraftCheck(value);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey) && onSubmit) {
            event.preventDefault();
            onSubmit();
          } else if (event.key === "Escape" && onCancel) {
            event.preventDefault();
            onCancel();
          }
        }}
        rows={3}
        spellCheck
        autoFocus={autoFocus}
        placeholder={placeholder}
        aria-invalid={overCap ? true : undefined}
        aria-describedby={`${id}-count${overCap ? ` ${id}-over` : ""}`}
        className={`${inputClass} resize-y leading-6`}
        data-testid={testId}
      />
      <div className="flex flex-wrap items-center gap-x-3 text-xs">
        <span
          id={`${id}-count`}
          className={`tabular-nums ${overCap ? "font-medium text-red-600 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}
          data-testid={testId ? `${testId}-bytes` : undefined}
        >
          {t("noteBytes", { bytes: format.number(bytes), max: format.number(maxBytes) })}
        </span>
        {overCap ? (
          <span id={`${id}-over`} role="alert" className="text-red-600 dark:text-red-400">
            {t("noteOverCap", { over: bytes - maxBytes, max: format.number(maxBytes) })}
          </span>
        ) : null}
      </div>
    </div>
  );
}
