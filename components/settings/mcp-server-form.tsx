"use client";

import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { ApiError, type McpServer, type McpServerInput } from "@/lib/client/api";
import { useProjects } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";

interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

/**
 * Adds or edits an MCP server: name, address, transport, secret headers, and which chats
 * offer its tools. Header values are write-only: editing shows the saved headers' names and
 * replaces them all only when asked to.
 */
export function McpServerForm({
  server,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  server?: McpServer;
  pending: boolean;
  error: unknown;
  onSubmit: (input: Partial<McpServerInput>) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("mcp");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const projects = useProjects();
  const [name, setName] = useState(server?.name ?? "");
  const [url, setUrl] = useState(server?.url ?? "");
  const [transport, setTransport] = useState<"http" | "sse">(server?.transport ?? "http");
  const [replaceHeaders, setReplaceHeaders] = useState(!server);
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [enabledFor, setEnabledFor] = useState<"all" | "projects">(server?.enabledFor ?? "all");
  const [projectIds, setProjectIds] = useState<string[]>(server?.projectIds ?? []);
  const [missing, setMissing] = useState<{ name?: boolean; url?: boolean }>({});

  const apiError = error instanceof ApiError ? error : null;
  const urlIssue = apiError?.fieldIssues("url")[0]?.message ?? null;
  const nameTaken = apiError?.code === "conflict";

  function addHeader() {
    setHeaders((rows) => [...rows, { key: nextKey, name: "", value: "" }]);
    setNextKey((key) => key + 1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const blanks = { name: !name.trim(), url: !url.trim() };
    setMissing(blanks);
    if (blanks.name || blanks.url) return;
    const input: Partial<McpServerInput> = {
      name: name.trim(),
      url: url.trim(),
      transport,
      enabledFor,
      projectIds: enabledFor === "projects" ? projectIds : [],
    };
    if (replaceHeaders)
      input.headers = Object.fromEntries(
        headers.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value]),
      );
    onSubmit(input);
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="mcp-server-form" noValidate>
      <TextField
        label={t("name")}
        value={name}
        maxLength={64}
        onChange={(event) => setName(event.target.value)}
        placeholder={t("namePlaceholder")}
        hint={t("nameHint")}
        error={missing.name ? t("nameRequired") : nameTaken ? t("nameTaken") : null}
        data-testid="mcp-name"
      />
      <TextField
        label={t("url")}
        type="url"
        value={url}
        maxLength={2048}
        onChange={(event) => setUrl(event.target.value)}
        placeholder="https://mcp.example.com/mcp"
        error={
          missing.url
            ? t("urlRequired")
            : urlIssue
              ? urlIssue.includes("MCP_ALLOWED_HOSTS")
                ? t("urlRefused")
                : t("urlInvalid")
              : null
        }
        data-testid="mcp-url"
      />
      <SelectField
        label={t("transport")}
        value={transport}
        options={[
          { value: "http", label: t("transportHttp") },
          { value: "sse", label: t("transportSse") },
        ]}
        onValueChange={(value) => setTransport(value as "http" | "sse")}
        testId="mcp-transport"
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t("headers")}</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("headersHint")}</p>
        {!replaceHeaders ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <span data-testid="mcp-saved-headers">
              {server && server.headerNames.length
                ? t("savedHeaders", { names: server.headerNames.join(", ") })
                : t("noHeaders")}
            </span>
            <Button size="sm" onClick={() => setReplaceHeaders(true)} data-testid="mcp-replace-headers">
              {t("replaceHeaders")}
            </Button>
          </div>
        ) : (
          <>
            {headers.map((row, index) => (
              <div key={row.key} className="flex items-end gap-2" data-testid="mcp-header-row">
                <TextField
                  label={t("headerName", { n: index + 1 })}
                  className="flex-1"
                  value={row.name}
                  placeholder="Authorization"
                  onChange={(event) =>
                    setHeaders((rows) => rows.map((r) => (r.key === row.key ? { ...r, name: event.target.value } : r)))
                  }
                  data-testid="mcp-header-name"
                />
                <TextField
                  label={t("headerValue", { n: index + 1 })}
                  className="flex-1"
                  type="password"
                  autoComplete="off"
                  value={row.value}
                  placeholder="Bearer …"
                  onChange={(event) =>
                    setHeaders((rows) => rows.map((r) => (r.key === row.key ? { ...r, value: event.target.value } : r)))
                  }
                  data-testid="mcp-header-value"
                />
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t("removeHeader", { n: index + 1 })}
                  onClick={() => setHeaders((rows) => rows.filter((r) => r.key !== row.key))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            ))}
            <Button size="sm" onClick={addHeader} data-testid="mcp-add-header">
              <Plus className="size-4" aria-hidden />
              {t("addHeader")}
            </Button>
          </>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t("enabledFor")}</legend>
        <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <input
            type="radio"
            name="enabledFor"
            checked={enabledFor === "all"}
            onChange={() => setEnabledFor("all")}
            data-testid="mcp-enabled-all"
          />
          {t("enabledAll")}
        </label>
        <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <input
            type="radio"
            name="enabledFor"
            checked={enabledFor === "projects"}
            onChange={() => setEnabledFor("projects")}
            data-testid="mcp-enabled-projects"
          />
          {t("enabledProjects")}
        </label>
        {enabledFor === "projects" ? (
          <ul className="ml-6 max-h-40 space-y-1 overflow-auto" aria-label={t("chooseProjects")}>
            {(projects.data ?? []).map((project) => (
              <li key={project.id}>
                <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                  <input
                    type="checkbox"
                    checked={projectIds.includes(project.id)}
                    onChange={(event) =>
                      setProjectIds((ids) =>
                        event.target.checked ? [...ids, project.id] : ids.filter((id) => id !== project.id),
                      )
                    }
                  />
                  {project.name}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>

      {error && !urlIssue && !nameTaken ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{tc("cancel")}</Button>
        <Button type="submit" variant="primary" disabled={pending} data-testid="mcp-save">
          {pending ? t("connecting") : server ? t("save") : t("connect")}
        </Button>
      </div>
    </form>
  );
}
