import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TrashView } from "@/components/trash/trash-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("trash");
  return { title: t("title") };
}

// The trash is the user's, not a project's: deleted projects leave their documents here.
export default function TrashPage() {
  return <TrashView />;
}
