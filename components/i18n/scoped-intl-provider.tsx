import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

/**
 * Hands client components only the message namespaces they use, instead of every message of
 * the app (a provider without `messages` would ship them all to the browser).
 */
export async function ScopedIntlProvider({ namespaces, children }: { namespaces: string[]; children: ReactNode }) {
  const all = await getMessages();
  const messages = Object.fromEntries(namespaces.filter((ns) => ns in all).map((ns) => [ns, all[ns]]));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
