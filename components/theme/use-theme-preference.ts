"use client";

import { useCallback, useSyncExternalStore } from "react";
import { parseThemePreference, THEME_STORAGE_KEY, type ThemePreference } from "./theme-preference";

// The theme choice as React state, shared by every component and every tab of this browser:
// a choice made in one tab reaches the others through the storage event.

const CHANGED = "theme-preference-changed";

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyToDocument(parseThemePreference(event.newValue));
    onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

function read(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

function applyToDocument(preference: ThemePreference) {
  if (preference === "system") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", preference);
}

export function useThemePreference(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, read, () => "system" as const);
  const choose = useCallback((next: ThemePreference) => {
    try {
      if (next === "system") localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not remembered where storage is off; the choice still applies to this page.
    }
    applyToDocument(next);
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [preference, choose];
}
