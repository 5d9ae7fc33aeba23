"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** A sidebar entry that marks itself as the current page for sighted and screen-reader users. */
export function SidebarLink({
  href,
  icon,
  children,
  testId,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const pathname = usePathname();
  const current = pathname === href;
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      data-testid={testId}
      className={`group flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm transition-colors ${
        current
          ? "bg-white font-medium text-zinc-900 shadow-xs ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-50 dark:ring-zinc-700"
          : "text-zinc-700 hover:bg-zinc-200/60 dark:text-zinc-300 dark:hover:bg-zinc-800/70"
      }`}
    >
      <span className="shrink-0 text-zinc-400 group-aria-[current=page]:text-indigo-600 dark:text-zinc-500 dark:group-aria-[current=page]:text-indigo-400">
        {icon}
      </span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </Link>
  );
}
