"use client";

import * as Collapsible from "@radix-ui/react-collapsible";
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronRight, KeyRound, Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SettingsCard } from "@/components/projects/settings-card";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogPanel } from "@/components/ui/dialog";
import { mcpAuthorizeUrl, type McpServer, type McpServerInput } from "@/lib/client/api";
import {
  useCreateMcpServer,
  useDeleteMcpServer,
  useRefreshMcpServer,
  useUpdateMcpServer,
} from "@/lib/client/mutations";
import { useMcpServers, useProjects } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { McpServerForm } from "./mcp-server-form";

const STATUS_TONE = {
  connected: "indigo",
  needs_authorization: "amber",
  unreachable: "neutral",
  refused: "amber",
} as const;

/**
 * Settings → MCP servers: each connection with its status, last error and tools (read-only
 * ones run at once; the others ask in the chat first), and add, edit, refresh, authorize and
 * delete.
 */
export function McpServersSection({ authorization }: { authorization: "done" | "failed" | null }) {
  const t = useTranslations("mcp");
  const servers = useMcpServers();
  const [editing, setEditing] = useState<McpServer | "new" | null>(null);
  const [deleting, setDeleting] = useState<McpServer | null>(null);

  return (
    <SettingsCard title={t("title")} description={t("description")}>
      <div id="mcp-servers" className="space-y-4" data-testid="mcp-servers-section">
        {authorization ? (
          <p
            role="status"
            className={`rounded-lg px-3 py-2 text-sm ${
              authorization === "done"
                ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300"
                : "bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300"
            }`}
            data-testid="mcp-authorization-result"
          >
            {authorization === "done" ? t("authorizationDone") : t("authorizationFailed")}
          </p>
        ) : null}
        <Button onClick={() => setEditing("new")} data-testid="mcp-add">
          <Plus className="size-4" aria-hidden />
          {t("add")}
        </Button>
        {servers.isPending ? (
          <div className="h-16 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-label={t("loading")} />
        ) : servers.isError ? (
          <div className="flex items-center gap-3 text-sm text-red-600 dark:text-red-400" role="alert">
            {t("loadFailed")}
            <Button size="sm" onClick={() => void servers.refetch()}>
              {t("tryAgain")}
            </Button>
          </div>
        ) : servers.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="mcp-empty">
            {t("empty")}
          </p>
        ) : (
          <ul
            aria-label={t("listLabel")}
            className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
            data-testid="mcp-server-list"
          >
            {servers.data.map((server) => (
              <ServerRow
                key={server.id}
                server={server}
                onEdit={() => setEditing(server)}
                onDelete={() => setDeleting(server)}
              />
            ))}
          </ul>
        )}
      </div>
      <ServerDialog editing={editing} onClose={() => setEditing(null)} />
      <DeleteServerDialog server={deleting} onClose={() => setDeleting(null)} />
    </SettingsCard>
  );
}

function ServerRow({ server, onEdit, onDelete }: { server: McpServer; onEdit: () => void; onDelete: () => void }) {
  const t = useTranslations("mcp");
  const errorMessage = useErrorMessage();
  const refresh = useRefreshMcpServer();
  const projects = useProjects();
  const projectNames = server.projectIds
    .map((id) => projects.data?.find((project) => project.id === id)?.name)
    .filter(Boolean)
    .join(", ");
  return (
    <li
      className="space-y-2 px-4 py-3"
      data-testid="mcp-server-row"
      data-server={server.name}
      data-status={server.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
            <span data-testid="mcp-server-name">{server.name}</span>
            <Badge tone={STATUS_TONE[server.status]} testId="mcp-server-status">
              {t(`status.${server.status}`)}
            </Badge>
          </p>
          <p className="mt-0.5 truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{server.url}</p>
          <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            {server.transport === "sse" ? t("transportSse") : t("transportHttp")}
            {" · "}
            {server.enabledFor === "all" ? t("forAllChats") : t("forProjects", { names: projectNames || "—" })}
            {server.headerNames.length ? ` · ${t("headerCount", { count: server.headerNames.length })}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {server.status === "needs_authorization" || server.auth === "oauth" ? (
            <a
              href={mcpAuthorizeUrl(server.id)}
              className={buttonClass({
                size: "sm",
                variant: server.status === "needs_authorization" ? "primary" : "secondary",
              })}
              data-testid="mcp-authorize"
            >
              <KeyRound className="size-4" aria-hidden />
              {t("authorize")}
            </a>
          ) : null}
          <Button
            size="sm"
            onClick={() => refresh.mutate(server.id)}
            disabled={refresh.isPending}
            aria-label={t("refreshNamed", { name: server.name })}
            data-testid="mcp-refresh"
          >
            <RefreshCw className={`size-4 ${refresh.isPending ? "animate-spin" : ""}`} aria-hidden />
            {t("refresh")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onEdit}
            aria-label={t("editNamed", { name: server.name })}
            data-testid="mcp-edit"
          >
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={onDelete}
            aria-label={t("deleteNamed", { name: server.name })}
            data-testid="mcp-delete"
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {server.lastError ? (
        <p className="break-words text-xs text-red-700 dark:text-red-300" data-testid="mcp-last-error">
          {t("lastError", { error: server.lastError })}
        </p>
      ) : null}
      {refresh.isError ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {errorMessage(refresh.error)}
        </p>
      ) : null}
      <Collapsible.Root className="group/tools">
        <Collapsible.Trigger
          className="flex items-center gap-1 text-xs font-medium text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100"
          data-testid="mcp-tools-toggle"
        >
          <ChevronRight className="size-3.5 transition-transform group-data-[state=open]/tools:rotate-90" aria-hidden />
          {t("toolCount", { count: server.tools.length })}
        </Collapsible.Trigger>
        <Collapsible.Content>
          <ul className="mt-2 space-y-1.5" data-testid="mcp-tools">
            {server.tools.map((tool) => (
              <li key={tool.name} className="text-xs" data-testid="mcp-tool" data-tool={tool.name}>
                <span className="font-mono font-medium text-zinc-900 dark:text-zinc-100">{tool.name}</span>{" "}
                <Badge tone={tool.readOnly ? "neutral" : "amber"}>
                  {tool.readOnly ? t("readOnly") : t("asksFirst")}
                </Badge>
                {tool.description ? (
                  <span className="block text-zinc-600 dark:text-zinc-400">{tool.description}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}

function ServerDialog({ editing, onClose }: { editing: McpServer | "new" | null; onClose: () => void }) {
  const t = useTranslations("mcp");
  const tc = useTranslations("common");
  const create = useCreateMcpServer();
  const update = useUpdateMcpServer();
  const server = editing && editing !== "new" ? editing : undefined;
  const mutation = server ? update : create;
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const submit = (input: Partial<McpServerInput>) => {
    if (server) update.mutate({ id: server.id, input }, { onSuccess: close });
    else create.mutate(input as McpServerInput, { onSuccess: close });
  };
  return (
    <Dialog.Root open={editing !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogPanel
        title={server ? t("editTitle", { name: server.name }) : t("addTitle")}
        description={t("formDescription")}
        closeLabel={tc("close")}
        testId="mcp-server-dialog"
      >
        {editing !== null ? (
          <McpServerForm
            key={server?.id ?? "new"}
            server={server}
            pending={mutation.isPending}
            error={mutation.error}
            onSubmit={submit}
            onCancel={close}
          />
        ) : null}
      </DialogPanel>
    </Dialog.Root>
  );
}

function DeleteServerDialog({ server, onClose }: { server: McpServer | null; onClose: () => void }) {
  const t = useTranslations("mcp");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const remove = useDeleteMcpServer();
  return (
    <ConfirmDialog
      open={server !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title={t("deleteTitle", { name: server?.name ?? "" })}
      description={
        <>
          <p>{t("deleteDescription")}</p>
          {remove.isError ? (
            <p role="alert" className="text-red-600 dark:text-red-400">
              {errorMessage(remove.error)}
            </p>
          ) : null}
        </>
      }
      confirmLabel={t("delete")}
      cancelLabel={tc("cancel")}
      pending={remove.isPending}
      destructive
      testId="delete-mcp-dialog"
      onConfirm={() => {
        if (server) remove.mutate(server.id, { onSuccess: onClose });
      }}
    />
  );
}
