import { describe, expect, it } from "vitest";
import { parseThemePreference, THEME_BOOT_SCRIPT } from "@/components/theme/theme-preference";

/** Runs the boot script against a stored value; what it leaves as <html data-theme>. */
function boot(stored: string | null | Error): string | null {
  const attributes = new Map<string, string>();
  const localStorage = {
    getItem: () => {
      if (stored instanceof Error) throw stored;
      return stored;
    },
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  new Function("localStorage", "document", THEME_BOOT_SCRIPT)(localStorage, document);
  return attributes.get("data-theme") ?? null;
}

describe("the theme preference", () => {
  it("is light or dark when remembered as such, and the system's otherwise", () => {
    expect(parseThemePreference("light")).toBe("light");
    expect(parseThemePreference("dark")).toBe("dark");
    expect(parseThemePreference(null)).toBe("system");
    expect(parseThemePreference("sepia")).toBe("system");
  });

  it("is set on <html> before the first paint when chosen, and left to the system otherwise", () => {
    expect(boot("dark")).toBe("dark");
    expect(boot("light")).toBe("light");
    expect(boot(null)).toBeNull();
    expect(boot("<script>")).toBeNull();
    expect(boot(new Error("storage is disabled"))).toBeNull();
  });
});
