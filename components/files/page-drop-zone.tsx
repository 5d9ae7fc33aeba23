"use client";

import { UploadCloud } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { dragHasFiles, droppedFilesWithPaths } from "./dropped-files";

/**
 * Files dropped anywhere on the page are taken (chat attachments, shelf uploads), with an
 * overlay saying what a drop does while dragging. The listeners sit on window so they run
 * after React's own (on the document): a drop the composer already took arrives here marked
 * handled and is left alone. The overlay lets pointer events through, so the composer still
 * sees the drag and highlights itself.
 */
export function PageDropZone({
  enabled,
  title,
  hint,
  onFiles,
}: {
  enabled: boolean;
  title: string;
  hint: string;
  /** `paths`: each file's path inside a dropped folder (null for a file dropped on its own). */
  onFiles: (files: File[], paths: (string | null)[]) => void;
}) {
  const [active, setActive] = useState(false);
  // Read at drop time, so a new callback each render does not re-register mid-drag.
  const takeFiles = useEffectEvent((files: File[], paths: (string | null)[]) => onFiles(files, paths));

  useEffect(() => {
    if (!enabled) return;
    // dragenter/dragleave fire for every child crossed; only the outermost pair matters.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!dragHasFiles(event)) return;
      depth += 1;
      setActive(true);
    };
    const onOver = (event: DragEvent) => {
      // Without this the browser would open the file in the tab instead of dropping it.
      if (dragHasFiles(event)) event.preventDefault();
    };
    const onLeave = (event: DragEvent) => {
      if (!dragHasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const onDrop = (event: DragEvent) => {
      depth = 0;
      setActive(false);
      if (!dragHasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      void droppedFilesWithPaths(event).then(({ files, paths }) => takeFiles(files, paths));
    };
    window.addEventListener("dragenter", onEnter);
    window.addEventListener("dragover", onOver);
    window.addEventListener("dragleave", onLeave);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("dragenter", onEnter);
      window.removeEventListener("dragover", onOver);
      window.removeEventListener("dragleave", onLeave);
      window.removeEventListener("drop", onDrop);
      setActive(false);
    };
  }, [enabled]);

  if (!active) return null;
  return (
    <div
      className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-indigo-950/10 p-6 backdrop-blur-[2px] dark:bg-black/40"
      data-testid="drop-overlay"
    >
      <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-indigo-400 bg-white/95 px-10 py-8 text-center shadow-xl dark:bg-zinc-900/95">
        <UploadCloud className="size-8 text-indigo-500" aria-hidden />
        <p className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{hint}</p>
      </div>
    </div>
  );
}
