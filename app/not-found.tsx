import { NotFoundMessage } from "@/components/not-found-message";

// A mistyped address outside the workspace: the same message, without the sidebar.
export default function NotFound() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 dark:bg-zinc-950">
      <NotFoundMessage />
    </main>
  );
}
