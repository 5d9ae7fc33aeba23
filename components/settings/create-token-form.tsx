"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { useCreateToken } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";

const EXPIRY_CHOICES = [30, 90, 365, null] as const;

/** Names a new token and its lifetime; the secret it returns is shown once, with a copy button. */
export function CreateTokenForm() {
  const t = useTranslations("settings");
  const errorMessage = useErrorMessage();
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<string>("90");
  const [nameError, setNameError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t("tokenNameRequired"));
      return;
    }
    setNameError(null);
    const expiresInDays = expiry === "never" ? undefined : Number(expiry);
    create.mutate(
      { name: name.trim(), expiresInDays },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setCopied(false);
          setName("");
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldIssues("name").length) setNameError(t("tokenNameInvalid"));
        },
      },
    );
  }

  async function copySecret() {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" data-testid="create-token-form">
        <TextField
          label={t("tokenName")}
          className="min-w-48 flex-1"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
          placeholder={t("tokenNamePlaceholder")}
          data-testid="token-name-input"
        />
        <SelectField
          label={t("tokenExpiry")}
          value={expiry}
          options={EXPIRY_CHOICES.map((days) => ({
            value: String(days ?? "never"),
            label: days === null ? t("expiryNever") : t("expiryDays", { days }),
          }))}
          onValueChange={setExpiry}
          testId="token-expiry"
        />
        <Button type="submit" variant="primary" disabled={create.isPending} data-testid="create-token">
          {t("createToken")}
        </Button>
      </form>
      {create.isError && !nameError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(create.error)}
        </p>
      ) : null}
      {secret ? (
        <div
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700/60 dark:bg-amber-950/40"
          role="status"
          data-testid="token-secret-panel"
        >
          <p className="text-sm font-medium text-amber-900 dark:text-amber-200">{t("secretShownOnce")}</p>
          <div className="mt-2 flex items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1.5 font-mono text-xs text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100"
              data-testid="token-secret"
            >
              {secret}
            </code>
            <Button size="sm" onClick={() => void copySecret()} aria-label={t("copySecret")}>
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? t("copied") : t("copy")}
            </Button>
          </div>
          <Button
            size="sm"
            variant="ghost"
            className="mt-3"
            onClick={() => setSecret(null)}
            data-testid="token-secret-done"
          >
            {t("secretDone")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
