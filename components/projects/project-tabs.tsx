"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { ChevronRight, FileText, MessageSquare, ScrollText, Settings } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import dynamic from "next/dynamic";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useOverflowHint } from "@/components/ui/use-overflow-hint";
import type { Project } from "@/lib/client/api";
import { ProjectChats } from "./project-chats";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

// The tabs behind the first one load on demand: a project page ships only what its chat
// list needs up front (the bench's page-js figure), and the rest arrives when a tab opens.
const DocumentsTab = dynamic(() =>
  import("@/components/documents/documents-tab").then((module) => module.DocumentsTab),
);
const InstructionsEditor = dynamic(() => import("./instructions-editor").then((module) => module.InstructionsEditor));
const MemorySection = dynamic(() =>
  import("@/components/memory/memory-section").then((module) => module.MemorySection),
);
const ProjectSettings = dynamic(() => import("./project-settings").then((module) => module.ProjectSettings));

const TABS = ["chats", "documents", "instructions", "settings"] as const;
type Tab = (typeof TABS)[number];

const icons = { chats: MessageSquare, documents: FileText, instructions: ScrollText, settings: Settings };

function asTab(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "chats";
}

export function ProjectTabs({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const tc = useTranslations("common");
  const pathname = usePathname();
  const tab = asTab(useSearchParams().get("tab"));
  const [instructionsDirty, setInstructionsDirty] = useState(false);
  // Where the person wanted to go when unsaved instructions stopped them: another tab or a page.
  const [pending, setPending] = useState<{ tab: Tab } | { href: string } | null>(null);
  const router = useRouter();
  const { ref: tabsRef, moreToTheRight } = useOverflowHint<HTMLDivElement>();
  useUnsavedChangesGuard(tab === "instructions" && instructionsDirty, (href) => setPending({ href }));

  function show(next: Tab) {
    // The URL is the state, so a tab can be linked and survives a reload. A native history
    // update is picked up by useSearchParams without a round trip to the server.
    const query = next === "chats" ? "" : `?tab=${next}`;
    window.history.replaceState(null, "", `${pathname}${query}`);
  }

  function onValueChange(value: string) {
    const next = asTab(value);
    if (tab === "instructions" && instructionsDirty && next !== tab) setPending({ tab: next });
    else show(next);
  }

  return (
    <Tabs.Root value={tab} onValueChange={onValueChange} className="mt-6">
      <div className="relative">
        <Tabs.List
          ref={tabsRef}
          aria-label={t("sectionsLabel")}
          className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800"
        >
          {TABS.map((value) => {
            const Icon = icons[value];
            return (
              <Tabs.Trigger
                key={value}
                value={value}
                data-testid={`tab-${value}`}
                className="-mb-px flex items-center gap-2 rounded-t-md focus-visible:-outline-offset-2 border-b-2 border-transparent px-2.5 py-2.5 whitespace-nowrap sm:px-3 text-sm font-medium text-zinc-500 hover:text-zinc-900 data-[state=active]:border-indigo-600 data-[state=active]:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=active]:border-indigo-400 dark:data-[state=active]:text-zinc-50"
              >
                <Icon className="hidden size-4 sm:block" aria-hidden />
                {t(`tabs.${value}`)}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {/* More tabs past the edge: a fade and a chevron say the row scrolls. */}
        {moreToTheRight ? (
          <div
            className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-gradient-to-l from-white to-transparent dark:from-zinc-950"
            aria-hidden
            data-testid="tabs-more"
          >
            <ChevronRight className="size-4 text-zinc-600 dark:text-zinc-300" />
          </div>
        ) : null}
      </div>
      <div className="py-6">
        <Tabs.Content value="chats">
          <ProjectChats project={project} />
        </Tabs.Content>
        <Tabs.Content value="documents">
          <DocumentsTab project={project} />
        </Tabs.Content>
        <Tabs.Content value="instructions">
          <div className="max-w-4xl space-y-10">
            <InstructionsEditor project={project} onDirtyChange={setInstructionsDirty} />
            <MemorySection project={project} />
          </div>
        </Tabs.Content>
        <Tabs.Content value="settings">
          <div className="max-w-4xl">
            <ProjectSettings project={project} />
          </div>
        </Tabs.Content>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("discardTitle")}
        description={<p>{t("discardBody")}</p>}
        confirmLabel={t("discardConfirm")}
        cancelLabel={tc("keepEditing")}
        pending={false}
        destructive
        testId="discard-instructions"
        onConfirm={() => {
          const next = pending;
          setPending(null);
          setInstructionsDirty(false);
          if (next && "tab" in next) show(next.tab);
          else if (next) router.push(next.href);
        }}
      />
    </Tabs.Root>
  );
}
