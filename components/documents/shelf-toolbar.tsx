"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ShelfView } from "@/lib/client/api";

const SORT_CHOICES = ["updated:desc", "updated:asc", "name:asc", "name:desc", "size:desc", "size:asc"] as const;
type SortChoice = (typeof SORT_CHOICES)[number];

/** The shelf's search box and sort menu. The search text is the caller's (it debounces it). */
export function ShelfToolbar({
  search,
  onSearch,
  view,
  onSort,
}: {
  search: string;
  onSearch: (text: string) => void;
  view: ShelfView;
  onSort: (sort: Pick<ShelfView, "sort" | "order">) => void;
}) {
  const t = useTranslations("documents");
  const choice = `${view.sort}:${view.order}` as SortChoice;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="relative min-w-48 flex-1">
        <span className="sr-only">{t("searchLabel")}</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500"
          aria-hidden
        />
        <input
          type="search"
          value={search}
          maxLength={200}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t("searchPlaceholder")}
          className="h-9 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-8 text-sm text-zinc-900 placeholder:text-zinc-500 focus:ring-2 focus:ring-zinc-400 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          data-testid="documents-search"
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        {t("sortLabel")}
        <select
          value={choice}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(":") as [ShelfView["sort"], ShelfView["order"]];
            onSort({ sort, order });
          }}
          className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus:ring-2 focus:ring-zinc-400 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          data-testid="documents-sort"
        >
          {SORT_CHOICES.map((value) => (
            <option key={value} value={value}>
              {t(`sort.${value.replace(":", "_")}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
