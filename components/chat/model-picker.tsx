"use client";

import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Check, ChevronDown, Cpu, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { toast } from "sonner";
import { badgeClass } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { api, type ModelList, type ModelOption } from "@/lib/client/api";
import { useSetThreadModel } from "@/lib/client/mutations";
import { useModels } from "@/lib/client/queries";
import { queryKeys } from "@/lib/client/query-keys";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { modelLabel } from "./model-label";

interface Group {
  endpoint: string;
  available: boolean;
  models: ModelOption[];
}

/** The list as the picker shows it: endpoints in configuration order, filtered by the query. */
function groupModels(list: ModelList, query: string): Group[] {
  const needle = query.trim().toLocaleLowerCase();
  const matches = (model: ModelOption) => !needle || model.id.toLocaleLowerCase().includes(needle);
  return list.endpoints.map((endpoint) => ({
    endpoint: endpoint.name,
    available: endpoint.available,
    models: list.models.filter((model) => model.endpoint === endpoint.name && matches(model)),
  }));
}

/**
 * The chat's model, in the composer: a searchable list grouped by endpoint, the default
 * marked. A combobox: type to filter, arrows to move, Enter to choose, Escape to close. The
 * choice applies from the next message; choosing the default follows the default (null).
 */
export function ModelPicker({ threadId }: { threadId: string }) {
  const t = useTranslations("models");
  const errorMessage = useErrorMessage();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const models = useModels();
  // The chat page seeds this query with the thread it rendered.
  const thread = useQuery({ queryKey: queryKeys.thread(threadId), queryFn: () => api.getThread(threadId) });
  const setModel = useSetThreadModel(threadId);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);

  const list = models.data;
  const storedId = setModel.isPending ? setModel.variables : (thread.data?.modelId ?? null);
  const selectedId = storedId ?? list?.defaultModelId ?? null;
  const selected = list?.models.find((model) => model.id === selectedId) ?? null;
  const groups = list ? groupModels(list, query) : [];
  const options = groups.flatMap((group) => group.models);
  const active = options[Math.min(activeIndex, options.length - 1)];
  const indexOf = new Map(options.map((model, index) => [model.id, index]));

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const optionId = (model: ModelOption) => `${baseId}-option-${indexOf.get(model.id)}`;
  const activeId = active ? optionId(active) : undefined;

  useEffect(() => {
    if (open && activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [open, activeId]);

  function show() {
    setQuery("");
    const index = options.findIndex((model) => model.id === selectedId);
    setActiveIndex(Math.max(0, index));
    setOpen(true);
  }

  function close({ refocus }: { refocus: boolean }) {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }

  function choose(model: ModelOption) {
    close({ refocus: true });
    const modelId = model.id === list?.defaultModelId ? null : model.id;
    if (modelId === (thread.data?.modelId ?? null)) return;
    setModel.mutate(modelId, {
      onError: (error) => toast.error(t("saveFailed"), { description: errorMessage(error) }),
    });
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const move = (index: number) => {
      event.preventDefault();
      if (options.length) setActiveIndex((index + options.length) % options.length);
    };
    const current = Math.min(activeIndex, options.length - 1);
    if (event.key === "ArrowDown") move(current + 1);
    else if (event.key === "ArrowUp") move(current - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(options.length - 1);
    else if (event.key === "Enter") {
      event.preventDefault();
      if (active) choose(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close({ refocus: true });
    } else if (event.key === "Tab") close({ refocus: false });
  }

  const triggerText = selected
    ? modelLabel(selected.id)
    : storedId
      ? t("missingModel", { model: modelLabel(storedId) })
      : models.isPending
        ? t("loading")
        : t("chooseModel");
  const missing = storedId !== null && list !== undefined && !selected;

  return (
    <div ref={root} className="relative min-w-0" data-testid="model-picker">
      <button
        ref={trigger}
        type="button"
        onClick={() => (open ? close({ refocus: false }) : show())}
        disabled={models.isPending}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t("triggerLabel", { model: triggerText })}
        title={missing ? t("missingModelHint") : undefined}
        className="flex h-8 max-w-56 items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-200/60 disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800"
        data-testid="model-picker-trigger"
        data-model-id={selectedId ?? undefined}
      >
        {missing ? (
          <AlertTriangle className="size-3.5 shrink-0 text-amber-600" aria-hidden />
        ) : (
          <Cpu className="size-3.5 shrink-0" aria-hidden />
        )}
        <span className="truncate">{triggerText}</span>
        <ChevronDown className="size-3.5 shrink-0" aria-hidden />
      </button>
      {open ? (
        <div
          className="absolute bottom-full left-0 z-30 mb-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          data-testid="model-picker-popup"
        >
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-zinc-400"
              aria-hidden
            />
            <input
              ref={search}
              type="text"
              role="combobox"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(0);
              }}
              onKeyDown={onSearchKeyDown}
              aria-label={t("searchLabel")}
              aria-expanded
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              placeholder={t("searchPlaceholder")}
              className="h-9 w-full rounded-lg border border-zinc-300 bg-transparent pl-8 pr-2 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-500 focus:outline-none dark:border-zinc-700 dark:text-zinc-100 dark:placeholder:text-zinc-400"
              data-testid="model-picker-search"
            />
          </div>
          {models.isError ? (
            <div role="alert" className="flex items-center gap-2 px-2 py-3 text-sm text-red-700 dark:text-red-400">
              {t("loadFailed")}
              <Button size="sm" onClick={() => void models.refetch()}>
                {t("retry")}
              </Button>
            </div>
          ) : null}
          <div id={listboxId} role="listbox" aria-label={t("listLabel")} className="mt-2 max-h-72 overflow-y-auto">
            {groups.map((group) => (
              <div
                key={group.endpoint}
                role="group"
                aria-labelledby={`${baseId}-group-${group.endpoint}`}
                className="py-1"
                data-testid="model-picker-group"
                data-endpoint={group.endpoint}
              >
                <div
                  id={`${baseId}-group-${group.endpoint}`}
                  className="flex items-center gap-2 px-2 py-1 text-[0.7rem] font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400"
                >
                  {group.endpoint}
                  {group.available ? null : (
                    <span className={badgeClass("amber")} data-testid="model-picker-unavailable">
                      {t("unreachable")}
                    </span>
                  )}
                </div>
                {group.models.length === 0 && !query.trim() ? (
                  <p className="px-2 py-1 text-xs text-zinc-500 dark:text-zinc-400">
                    {group.available ? t("noModels") : t("unreachableHint")}
                  </p>
                ) : null}
                {group.models.map((model) => {
                  const isActive = model === active;
                  const isSelected = model.id === selectedId;
                  return (
                    <div
                      key={model.id}
                      id={optionId(model)}
                      role="option"
                      aria-selected={isSelected}
                      onPointerMove={() => setActiveIndex(indexOf.get(model.id) ?? 0)}
                      onClick={() => choose(model)}
                      className={`flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-zinc-900 dark:text-zinc-100 ${
                        isActive ? "bg-indigo-50 dark:bg-indigo-500/15" : ""
                      }`}
                      data-testid="model-picker-option"
                      data-model-id={model.id}
                      data-active={isActive || undefined}
                    >
                      <Check
                        className={`size-4 shrink-0 text-indigo-600 dark:text-indigo-400 ${isSelected ? "" : "invisible"}`}
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1 truncate">{model.name}</span>
                      {model.id === list?.defaultModelId ? (
                        <span className={badgeClass("indigo")}>{t("defaultBadge")}</span>
                      ) : null}
                      {model.tools === false ? <span className={badgeClass("amber")}>{t("noToolsBadge")}</span> : null}
                      {model.vision === true ? (
                        <span className={badgeClass("neutral")} data-testid="model-picker-vision">
                          {t("visionBadge")}
                        </span>
                      ) : model.vision === false ? (
                        <span className={badgeClass("amber")} data-testid="model-picker-no-vision">
                          {t("noVisionBadge")}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ))}
            {query.trim() && options.length === 0 ? (
              <p className="px-2 py-3 text-sm text-zinc-500 dark:text-zinc-400" data-testid="model-picker-empty">
                {t("noMatch", { query: query.trim() })}
              </p>
            ) : null}
          </div>
          <p className="border-t border-zinc-100 px-2 pt-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
            {t("appliesNext")}
          </p>
        </div>
      ) : null}
    </div>
  );
}
