export const locales = ["en-US", "zh-CN"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en-US";
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** Picks the locale from the cookie the switcher sets, else the browser's Accept-Language. */
export function pickLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (cookieValue && (locales as readonly string[]).includes(cookieValue)) return cookieValue as Locale;
  const preferred = (acceptLanguage ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim().toLowerCase())
    .filter(Boolean);
  for (const tag of preferred) {
    if (tag.startsWith("zh")) return "zh-CN";
    if (tag.startsWith("en")) return "en-US";
  }
  return defaultLocale;
}
