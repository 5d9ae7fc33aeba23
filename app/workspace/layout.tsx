import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ScopedIntlProvider } from "@/components/i18n/scoped-intl-provider";
import { Providers } from "@/components/providers";
import { MobileNav } from "@/components/workspace/mobile-nav";
import { Sidebar } from "@/components/workspace/sidebar";
import { WorkspaceFrame } from "@/components/workspace/workspace-frame";
import { getAuth } from "@/lib/auth/auth";
import { publicConfig } from "@/lib/config/public-config";
import { RECENT_THREADS_LIMIT } from "@/lib/client/query-keys";
import { listProjects } from "@/lib/projects/list-projects";
import { listThreads } from "@/lib/threads/list-threads";

// Every page below needs the signed-in user; checking here, on the server, means no
// workspace markup is ever rendered for a visitor without a session.
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session) redirect("/sign-in");
  const user = { name: session.user.name, email: session.user.email };
  const t = await getTranslations("workspace");
  const [projects, recentThreads] = await Promise.all([
    listProjects({ userId: session.user.id, status: "all" }),
    listThreads({ userId: session.user.id, limit: RECENT_THREADS_LIMIT, offset: 0 }),
  ]);
  return (
    <ScopedIntlProvider
      namespaces={[
        "common",
        "errors",
        "workspace",
        "projects",
        "threads",
        "chat",
        "documents",
        "trash",
        "portable",
        "context",
        "memory",
        "scope",
        "markdown",
        "settings",
        "models",
        "mcp",
      ]}
    >
      <Providers seed={{ config: publicConfig(), projects, recentThreads }}>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-indigo-600 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:px-3 focus:py-2"
        >
          {t("skipToContent")}
        </a>
        <WorkspaceFrame className="flex h-dvh overflow-hidden bg-white dark:bg-zinc-950">
          <div className="hidden md:flex">
            <Sidebar user={user} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col">
            <MobileNav sidebar={<Sidebar user={user} />} />
            <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
              {children}
            </main>
          </div>
        </WorkspaceFrame>
      </Providers>
    </ScopedIntlProvider>
  );
}
