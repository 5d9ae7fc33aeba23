"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { SettingsCard } from "@/components/projects/settings-card";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ApiToken } from "@/lib/client/api";
import { useDeleteToken } from "@/lib/client/mutations";
import { useTokens } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { CreateTokenForm } from "./create-token-form";

/** Settings → API tokens: create (the secret is shown once), list, revoke. */
export function ApiTokensSection() {
  const t = useTranslations("settings");
  const tokens = useTokens();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <SettingsCard title={t("tokensTitle")} description={t("tokensDescription")}>
      <CreateTokenForm />
      <div className="mt-6">
        {tokens.isPending ? (
          <div className="h-16 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-label={t("loading")} />
        ) : tokens.isError ? (
          <div className="flex items-center gap-3 text-sm text-red-600 dark:text-red-400" role="alert">
            {t("tokensLoadFailed")}
            <Button size="sm" onClick={() => void tokens.refetch()}>
              {t("tryAgain")}
            </Button>
          </div>
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="tokens-empty">
            {t("tokensEmpty")}
          </p>
        ) : (
          <ul
            aria-label={t("tokensListLabel")}
            className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
            data-testid="token-list"
          >
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </div>
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </SettingsCard>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const t = useTranslations("settings");
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  const expired = token.expiresAt !== null && new Date(token.expiresAt) <= new Date();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="token-row">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="token-name">
          {token.name}
        </p>
        <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
          <code className="font-mono">{token.prefix}…</code>
          {" · "}
          {t("tokenCreated", { date: date(token.createdAt) })}
          {" · "}
          {token.expiresAt
            ? expired
              ? t("tokenExpired", { date: date(token.expiresAt) })
              : t("tokenExpires", { date: date(token.expiresAt) })
            : t("tokenNoExpiry")}
          {" · "}
          {token.lastUsedAt ? t("tokenLastUsed", { date: date(token.lastUsedAt) }) : t("tokenNeverUsed")}
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        onClick={onRevoke}
        aria-label={t("revokeNamed", { name: token.name })}
        data-testid="token-revoke"
      >
        {t("revoke")}
      </Button>
    </li>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const revoke = useDeleteToken();
  return (
    <ConfirmDialog
      open={token !== null}
      onOpenChange={(open) => {
        if (!open) {
          revoke.reset();
          onClose();
        }
      }}
      title={t("revokeTitle", { name: token?.name ?? "" })}
      description={
        <>
          <p>{t("revokeDescription")}</p>
          {revoke.isError ? (
            <p role="alert" className="text-red-600 dark:text-red-400">
              {errorMessage(revoke.error)}
            </p>
          ) : null}
        </>
      }
      confirmLabel={t("revoke")}
      cancelLabel={tc("cancel")}
      pending={revoke.isPending}
      destructive
      testId="revoke-token-dialog"
      onConfirm={() => {
        if (token) revoke.mutate(token.id, { onSuccess: onClose });
      }}
    />
  );
}
