// The person's colour theme: "system" follows the operating system (CSS alone, app/globals.css),
// "light" and "dark" are kept in this browser's localStorage and set as `data-theme` on <html>
// by THEME_BOOT_SCRIPT before the first paint, so a page never flashes the other theme.

export const THEME_PREFERENCES = ["system", "light", "dark"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_STORAGE_KEY = "theme";

/** What a stored value means: anything but "light" or "dark" (nothing, a stale value) is "system". */
export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return value === "light" || value === "dark" ? value : "system";
}

/**
 * Run inline in <head>, before anything paints: the remembered theme onto <html>. Storage that
 * throws (disabled, sandboxed) leaves the system theme.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="light"||t==="dark")document.documentElement.setAttribute("data-theme",t)}catch(e){}`;
