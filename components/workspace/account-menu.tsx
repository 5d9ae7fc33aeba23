"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, ChevronsUpDown, Languages, LogOut, Settings } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { menuContentClass, menuItemClass, menuLabelClass, menuSeparatorClass } from "@/components/ui/menu";
import { LOCALE_COOKIE, locales, type Locale } from "@/lib/i18n/locales";

// Each locale names itself, so a person who cannot read the current language still finds theirs.
const localeNames: Record<Locale, string> = { "en-US": "English", "zh-CN": "简体中文" };

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  return Array.from(source)[0]?.toUpperCase() ?? "?";
}

export function AccountMenu({ user }: { user: { name: string; email: string } }) {
  const t = useTranslations("workspace");
  const locale = useLocale();
  const router = useRouter();
  const [, startTransition] = useTransition();

  function switchLocale(next: string) {
    if (next === locale) return;
    // The server picks the language from this cookie on every request (lib/i18n/request.ts).
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    startTransition(() => router.refresh());
  }

  async function signOut() {
    // Loaded when used: the auth library is not part of every workspace page's JavaScript.
    const error = await import("@/lib/client/auth-client").then(
      async ({ authClient }) => (await authClient.signOut()).error,
      (failure: unknown) => failure,
    );
    if (error) {
      toast.error(t("signOutFailed"));
      return;
    }
    router.replace("/sign-in");
    router.refresh();
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-left hover:bg-zinc-200/60 data-[state=open]:bg-zinc-200/60 dark:hover:bg-zinc-800 dark:data-[state=open]:bg-zinc-800"
        aria-label={t("accountMenu")}
        data-testid="account-menu"
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-300">
          {initials(user.name, user.email)}
        </span>
        <span className="min-w-0 flex-1">
          <span
            className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100"
            data-testid="account-name"
          >
            {user.name}
          </span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-zinc-400" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={6} className={menuContentClass}>
          <DropdownMenu.Label className="px-2.5 py-2">
            <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{user.name}</span>
            <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Label className={`${menuLabelClass} flex items-center gap-1.5`}>
            <Languages className="size-3.5" aria-hidden />
            {t("language")}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={locale} onValueChange={switchLocale}>
            {locales.map((option) => (
              <DropdownMenu.RadioItem
                key={option}
                value={option}
                lang={option}
                className={menuItemClass}
                data-testid={`locale-${option}`}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                {localeNames[option]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Item
            className={menuItemClass}
            onSelect={() => router.push("/workspace/settings")}
            data-testid="open-settings"
          >
            <Settings className="size-4" aria-hidden />
            {t("settings")}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={signOut} data-testid="sign-out">
            <LogOut className="size-4" aria-hidden />
            {t("signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
