"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * The workspace's frame (sidebar and main pane). While a modal dialog is open, Radix hides
 * everything outside it from assistive technology by setting aria-hidden on the body's other
 * children, this frame among them; the frame mirrors that as `inert`, as a modal requires
 * (WAI-ARIA: content outside a modal dialog is inert): nothing under the backdrop takes focus
 * or clicks, and axe no longer judges the dimmed text behind it as text to read. Radix moves
 * focus back to the dialog's trigger a task after closing, once this has already let go.
 */
export function WorkspaceFrame({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const mirror = () => {
      frame.inert = frame.getAttribute("aria-hidden") === "true";
    };
    const observer = new MutationObserver(mirror);
    observer.observe(frame, { attributes: true, attributeFilter: ["aria-hidden"] });
    mirror();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
