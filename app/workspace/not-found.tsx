import { NotFoundMessage } from "@/components/not-found-message";

// notFound() from a workspace page (missing or foreign project or chat) lands here, inside the shell.
export default function WorkspaceNotFound() {
  return (
    <div className="flex min-h-full items-center justify-center">
      <NotFoundMessage />
    </div>
  );
}
