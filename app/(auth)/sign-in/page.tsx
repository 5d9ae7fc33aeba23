import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthForm } from "@/components/auth/auth-form";
import { findSessionUser } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("signInTitle") };
}

export default async function SignInPage() {
  if (await findSessionUser(await headers())) redirect("/workspace");
  const t = await getTranslations("auth");
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t("signInTitle")}</h1>
      <p className="mb-6 mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("signInSubtitle")}</p>
      <AuthForm mode="sign-in" />
    </>
  );
}
