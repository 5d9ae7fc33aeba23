"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Whether a horizontally scrolling element has more to show past its right edge, so the
 * caller can draw a hint there (a row of tabs clipped on a phone must say it scrolls).
 */
export function useOverflowHint<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [moreToTheRight, setMoreToTheRight] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setMoreToTheRight(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    element.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);
  return { ref, moreToTheRight };
}
