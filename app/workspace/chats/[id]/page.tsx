import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ThreadView } from "@/components/threads/thread-view";
import { loadPageThread } from "../../page-data";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const thread = await loadPageThread((await params).id);
  const t = await getTranslations("threads");
  return { title: thread.title.trim() || t("untitled") };
}

export default async function ChatPage({ params }: Props) {
  const thread = await loadPageThread((await params).id);
  return <ThreadView initialThread={thread} />;
}
