import type { ReactNode } from "react";

type Tone = "neutral" | "amber" | "indigo";

const tones: Record<Tone, string> = {
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
  amber: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30",
  indigo:
    "bg-indigo-50 text-indigo-700 ring-indigo-200 dark:bg-indigo-400/10 dark:text-indigo-300 dark:ring-indigo-400/30",
};

export const badgeClass = (tone: Tone = "neutral") =>
  `inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`;

export function Badge({ tone, children, testId }: { tone?: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={badgeClass(tone)} data-testid={testId}>
      {children}
    </span>
  );
}
