"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { UploadTray } from "@/components/files/upload-tray";
import { useThemePreference } from "@/components/theme/use-theme-preference";
import { ApiError, type ClientConfig, type Project, type Thread } from "@/lib/client/api";
import { queryKeys, RECENT_THREADS_LIMIT } from "@/lib/client/query-keys";

// A 4xx answer will not change on retry; only network failures and 5xx are worth another try.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export interface WorkspaceSeed {
  config: ClientConfig;
  projects: Project[];
  recentThreads: { threads: Thread[]; total: number; nextOffset: number | null };
}

/**
 * The workspace's client-side state: one query cache per browser tab, seeded with what the
 * layout already read on the server, so the sidebar and the limit-dependent UI (the byte
 * counter) render complete on the first paint instead of flashing skeletons.
 */
export function Providers({ seed, children }: { seed: WorkspaceSeed; children: ReactNode }) {
  const t = useTranslations("common");
  const [theme] = useThemePreference();
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: shouldRetry } } });
    client.setQueryData(queryKeys.config, seed.config);
    client.setQueryData(queryKeys.projectList, seed.projects);
    client.setQueryData(queryKeys.recentThreads(RECENT_THREADS_LIMIT), seed.recentThreads);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <UploadTray />
      <Toaster
        theme={theme}
        richColors
        closeButton
        position="bottom-right"
        containerAriaLabel={t("notifications")}
        toastOptions={{ closeButtonAriaLabel: t("closeNotification") }}
      />
    </QueryClientProvider>
  );
}
