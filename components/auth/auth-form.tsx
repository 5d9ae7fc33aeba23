"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { authClient } from "@/lib/client/auth-client";
import { authProblem, type AuthProblem } from "./auth-error";

// Mirrors lib/auth/auth.ts (emailAndPassword.minPasswordLength) so the hint and the
// pre-check say what the server enforces.
const MIN_PASSWORD_LENGTH = 8;

type Mode = "sign-in" | "sign-up";

export function AuthForm({ mode }: { mode: Mode }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; email?: string; password?: string }>({});
  const [pending, setPending] = useState(false);

  function validate() {
    const errors: typeof fieldErrors = {};
    if (mode === "sign-up" && !name.trim()) errors.name = t("nameRequired");
    if (!email.trim()) errors.email = t("emailRequired");
    if (!password) errors.password = t("passwordRequired");
    else if (mode === "sign-up" && password.length < MIN_PASSWORD_LENGTH)
      errors.password = t("passwordTooShort", { min: MIN_PASSWORD_LENGTH });
    return errors;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    setProblem(null);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    let retryAfter: number | null = null;
    // The 429 answer carries its wait only in a header, which the result object drops.
    const fetchOptions = {
      onError: ({ response }: { response: Response }) => {
        const header = Number(response.headers.get("x-retry-after"));
        retryAfter = Number.isFinite(header) && header > 0 ? header : null;
      },
    };
    const { data, error } =
      mode === "sign-up"
        ? await authClient.signUp.email({ name: name.trim(), email: email.trim(), password, fetchOptions })
        : await authClient.signIn.email({ email: email.trim(), password, fetchOptions });
    if (error) {
      setProblem(authProblem(error, retryAfter));
      setPending(false);
      return;
    }
    // The server answers a sign-up for an existing email like any other, minus the session
    // (so it never says which emails have accounts): send the person to sign in. The server
    // says `signedIn` in place of better-auth's token (lib/auth/shape-auth-answer.ts).
    if (!(data as { signedIn?: boolean } | null)?.signedIn) {
      setProblem({ key: "noSessionCreated" });
      setPending(false);
      return;
    }
    router.replace("/workspace");
    router.refresh();
  }

  const problemText =
    problem?.key === "rateLimited"
      ? t("rateLimited", { seconds: problem.seconds })
      : problem?.key === "passwordTooShort"
        ? t("passwordTooShort", { min: MIN_PASSWORD_LENGTH })
        : problem
          ? t(problem.key)
          : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid={`${mode}-form`}>
      {mode === "sign-up" ? (
        <TextField
          label={t("name")}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldErrors.name}
          data-testid="auth-name"
        />
      ) : null}
      <TextField
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
        data-testid="auth-email"
      />
      <TextField
        label={t("password")}
        name="password"
        type="password"
        autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
        hint={mode === "sign-up" ? t("passwordHint", { min: MIN_PASSWORD_LENGTH }) : undefined}
        data-testid="auth-password"
      />
      {problemText ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
          data-testid="auth-error"
          data-problem={problem?.key}
          data-retry-after={problem?.key === "rateLimited" ? problem.seconds : undefined}
        >
          {problemText}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="w-full" disabled={pending} data-testid="auth-submit">
        {pending ? t("working") : mode === "sign-up" ? t("signUpSubmit") : t("signInSubmit")}
      </Button>
      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
        {mode === "sign-up" ? t("haveAccount") : t("noAccount")}{" "}
        <Link
          href={mode === "sign-up" ? "/sign-in" : "/sign-up"}
          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          data-testid="auth-switch"
        >
          {mode === "sign-up" ? t("signInLink") : t("signUpLink")}
        </Link>
      </p>
    </form>
  );
}
