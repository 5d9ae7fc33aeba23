import type { LucideIcon } from "lucide-react";

/** The dashed "nothing here yet" panel shared by the shelf, the trash and other lists. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700"
      data-testid={testId}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <Icon className="size-5" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{body}</p>
    </div>
  );
}
