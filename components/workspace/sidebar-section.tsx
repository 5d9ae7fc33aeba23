import { useId, type ReactNode } from "react";

/**
 * A labelled group of the sidebar's navigation, not a landmark of its own: the page's main
 * content has sections with the same names ("Projects"), and two landmarks may not share one.
 */
export function SidebarSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div className="flex h-7 items-center justify-between pl-2">
        <h2 id={id} className="text-xs font-medium uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-1">{children}</div>
    </div>
  );
}

export function SidebarSkeleton() {
  return (
    <div className="space-y-2 px-2 py-1" aria-hidden>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          className="h-4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800"
          style={{ width: `${80 - i * 15}%` }}
        />
      ))}
    </div>
  );
}
