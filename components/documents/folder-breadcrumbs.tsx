"use client";

import { ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Folder } from "@/lib/client/api";
import type { ShelfPlace } from "./folder-tree";

/** Where the list is: the shelf, then each folder above the chosen one, each a way back up. */
export function FolderBreadcrumbs({
  folders,
  place,
  onPlace,
}: {
  folders: Folder[];
  place: ShelfPlace;
  onPlace: (place: ShelfPlace) => void;
}) {
  const t = useTranslations("documents");
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const trail: Folder[] = [];
  for (
    let folder = place ? byId.get(place) : undefined;
    folder;
    folder = folder.parentId ? byId.get(folder.parentId) : undefined
  )
    trail.unshift(folder);
  const crumb =
    "rounded px-1 text-sm text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100";
  return (
    <nav aria-label={t("breadcrumbsLabel")} data-testid="folder-breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          {place === undefined ? (
            <span className="px-1 text-sm font-medium text-zinc-900 dark:text-zinc-100" aria-current="page">
              {t("allDocuments")}
            </span>
          ) : (
            <button type="button" className={crumb} onClick={() => onPlace(undefined)}>
              {t("allDocuments")}
            </button>
          )}
        </li>
        {place === "root" ? (
          <li className="flex items-center gap-1">
            <ChevronRight className="size-3.5 text-zinc-400" aria-hidden />
            <span className="px-1 text-sm font-medium text-zinc-900 dark:text-zinc-100" aria-current="page">
              {t("rootFolder")}
            </span>
          </li>
        ) : null}
        {trail.map((folder, index) => (
          <li key={folder.id} className="flex items-center gap-1">
            <ChevronRight className="size-3.5 text-zinc-400" aria-hidden />
            {index === trail.length - 1 ? (
              <span
                className="px-1 text-sm font-medium text-zinc-900 dark:text-zinc-100"
                aria-current="page"
                data-testid="breadcrumb-current"
              >
                {folder.name}
              </span>
            ) : (
              <button type="button" className={crumb} onClick={() => onPlace(folder.id)}>
                {folder.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
