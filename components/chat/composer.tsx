"use client";

import { ArrowUp, Paperclip, Square } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { Button } from "@/components/ui/button";
import { AttachmentChips } from "./attachment-chips";
import { dragHasFiles, droppedFiles } from "@/components/files/dropped-files";
import type { UploadQueue } from "./use-upload-queue";
import type { HashPicker } from "@/components/scope/use-scope-hash-picker";

/**
 * Where a message is written: Enter sends (not while an input method is composing, so
 * Chinese or Japanese input is not cut short), Shift+Enter starts a new line. Files come
 * in through the paperclip, by dropping them here or by pasting (a screenshot from the
 * clipboard); while an answer streams, Send becomes Stop.
 */
export function Composer({
  draft,
  onDraftChange,
  onSend,
  onStop,
  busy,
  disabled,
  uploads,
  maxBytes,
  modelPicker,
  hashPicker,
}: {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  disabled: boolean;
  uploads: UploadQueue;
  maxBytes: number;
  /** Chooses the chat's model, beside the paperclip. */
  modelPicker?: ReactNode;
  /** The `#` picker that adds folders and documents to the chat's scope (project chats only). */
  hashPicker?: HashPicker;
}) {
  const t = useTranslations("chat");
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const canSend = !disabled && !busy && draft.trim().length > 0 && !uploads.isUploading;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (canSend) onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (hashPicker?.onKeyDown(event)) return;
    // keyCode 229 is what Safari reports for the Enter that confirms an IME candidate.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  }

  // Handled here (and marked handled) so the page-wide drop zone does not add them twice.
  function onDrop(event: DragEvent<HTMLFormElement>) {
    if (!dragHasFiles(event)) return;
    event.preventDefault();
    setDragOver(false);
    if (!disabled) uploads.add(droppedFiles(event));
  }

  // A pasted screenshot or copied file is an upload; pasted text stays text.
  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0 || disabled) return;
    event.preventDefault();
    uploads.add(files);
  }

  return (
    <form
      onSubmit={submit}
      onDragOver={(event) => {
        if (!dragHasFiles(event)) return;
        event.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
      }}
      onDrop={onDrop}
      className={`rounded-2xl border bg-white shadow-sm transition-colors focus-within:border-indigo-400 dark:bg-zinc-900 ${
        dragOver
          ? "border-indigo-500 ring-4 ring-indigo-500/15"
          : "border-zinc-300 dark:border-zinc-700 dark:focus-within:border-indigo-500"
      } ${disabled ? "opacity-70" : ""}`}
      aria-label={t("composerLabel")}
      data-testid="composer"
      data-drag-over={dragOver || undefined}
    >
      <AttachmentChips items={uploads.items} maxBytes={maxBytes} onRemove={uploads.remove} />
      {hashPicker?.popup}
      <textarea
        value={draft}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        disabled={disabled}
        rows={1}
        placeholder={disabled ? t("composerDisabledPlaceholder") : t("composerPlaceholder")}
        aria-label={t("messageLabel")}
        aria-controls={hashPicker?.listId ?? undefined}
        className="block max-h-60 min-h-12 w-full resize-none bg-transparent px-4 pt-3 text-[0.95rem] leading-6 text-zinc-900 [field-sizing:content] placeholder:text-zinc-400 focus:outline-none disabled:cursor-not-allowed dark:text-zinc-100 dark:placeholder:text-zinc-500"
        data-testid="composer-input"
      />
      <div className="flex items-center gap-2 px-2 pb-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            uploads.add(Array.from(event.target.files ?? []));
            // Cleared so picking the same file again still fires a change.
            event.target.value = "";
          }}
          data-testid="composer-file-input"
        />
        <Button
          variant="ghost"
          size="icon"
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
          aria-label={t("attachFiles")}
          data-testid="composer-attach"
        >
          <Paperclip className="size-4" aria-hidden />
        </Button>
        {modelPicker}
        <p className="min-w-0 flex-1 truncate text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
          {uploads.isUploading ? t("waitingForUploads") : disabled ? "" : t("composerHint")}
        </p>
        {busy ? (
          <Button variant="secondary" size="sm" onClick={onStop} data-testid="composer-stop">
            <Square className="size-3 fill-current" aria-hidden />
            {t("stop")}
          </Button>
        ) : (
          <Button
            type="submit"
            variant="primary"
            size="icon"
            disabled={!canSend}
            aria-label={t("send")}
            className="rounded-full"
            data-testid="composer-send"
          >
            <ArrowUp className="size-4" aria-hidden />
          </Button>
        )}
      </div>
    </form>
  );
}
