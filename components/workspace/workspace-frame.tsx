"use client";

import { useEffect, useRef, type ReactNode } from "react";

const MODAL = '[role="dialog"], [role="alertdialog"]';

/**
 * The workspace's frame (sidebar and main pane), made `inert` while a modal dialog is open, as
 * a modal requires (WAI-ARIA: content outside a modal dialog is inert): nothing under the
 * backdrop takes focus or clicks, and axe no longer judges the dimmed text behind it as text to
 * read. Radix portals every dialog into its own child of <body> and hides the rest from
 * assistive technology with aria-hidden, except any subtree holding a live region (a chat's
 * status line), so the frame looks for an open dialog among the body's other children rather
 * than waiting for aria-hidden. Radix returns focus to the dialog's trigger a task after the portal is
 * removed, by when this has already let go.
 */
export function WorkspaceFrame({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const update = () => {
      frame.inert = [...document.body.children].some(
        (child) => !child.contains(frame) && (child.matches(MODAL) || child.querySelector(MODAL) !== null),
      );
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true });
    update();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
