"use client";

import { useEffect, useRef } from "react";

/**
 * While `active`, leaving the page asks first. In-app links are intercepted before Next's
 * handler sees them (the App Router has no navigation-blocking API) and handed to
 * `onBlockedLink`, which shows the app's own dialog; only a reload or closing the tab falls to
 * the browser's prompt, which no page can replace.
 */
export function useUnsavedChangesGuard(active: boolean, onBlockedLink: (href: string) => void): void {
  const onBlocked = useRef(onBlockedLink);
  useEffect(() => {
    onBlocked.current = onBlockedLink;
  });
  useEffect(() => {
    if (!active) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    }
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.origin !== window.location.origin)
        return;
      if (link.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      onBlocked.current(`${link.pathname}${link.search}${link.hash}`);
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [active]);
}
