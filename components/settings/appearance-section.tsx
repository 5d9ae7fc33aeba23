"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { SettingsCard } from "@/components/projects/settings-card";
import { THEME_PREFERENCES, type ThemePreference } from "@/components/theme/theme-preference";
import { useThemePreference } from "@/components/theme/use-theme-preference";

const icons: Record<ThemePreference, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/** Settings → Appearance: System, Light or Dark, remembered in this browser. */
export function AppearanceSection() {
  const t = useTranslations("settings");
  const [preference, choose] = useThemePreference();
  return (
    <SettingsCard title={t("appearanceTitle")} description={t("appearanceDescription")}>
      <fieldset>
        <legend className="sr-only">{t("themeLabel")}</legend>
        <div className="inline-flex flex-wrap gap-1 rounded-lg border border-zinc-200 bg-zinc-50 p-1 dark:border-zinc-700 dark:bg-zinc-800/60">
          {THEME_PREFERENCES.map((value) => {
            const Icon = icons[value];
            return (
              // The radio covers its label, transparent: the whole pill is the control, and a click lands on it.
              <label
                key={value}
                className="relative flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 has-[:checked]:bg-white has-[:checked]:text-zinc-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:text-zinc-300 dark:has-[:checked]:bg-zinc-950 dark:has-[:checked]:text-zinc-50"
              >
                <Icon className="size-4" aria-hidden />
                {t(`theme.${value}`)}
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md focus-visible:outline-none"
                  checked={preference === value}
                  onChange={() => choose(value)}
                  data-testid={`theme-${value}`}
                />
              </label>
            );
          })}
        </div>
      </fieldset>
    </SettingsCard>
  );
}
