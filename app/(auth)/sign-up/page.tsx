import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthForm } from "@/components/auth/auth-form";
import Link from "next/link";
import { isSignUpClosed } from "@/lib/auth/auth-request";
import { findSessionUser } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("signUpTitle") };
}

export default async function SignUpPage() {
  if (await findSessionUser(await headers())) redirect("/workspace");
  const t = await getTranslations("auth");
  if (await isSignUpClosed()) {
    return (
      <>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t("signUpTitle")}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="sign-up-closed">
          {t("signUpClosed")}
        </p>
        <Link
          href="/sign-in"
          className="mt-6 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {t("signInLink")}
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t("signUpTitle")}</h1>
      <p className="mb-6 mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("signUpSubtitle")}</p>
      <AuthForm mode="sign-up" />
    </>
  );
}
