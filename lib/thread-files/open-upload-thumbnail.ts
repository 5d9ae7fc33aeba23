import { notFound } from "@/lib/errors";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { readCachedImage, type CachedImage } from "./prepared-image";

/** An image upload's thumbnail (at most 256 px); 404 for a foreign thread, a missing upload or a non-image. */
export async function openUploadThumbnail({
  userId,
  threadId,
  name,
}: {
  userId: string;
  threadId: string;
  name: string;
}): Promise<CachedImage> {
  await getThreadOrThrow({ threadId, userId });
  const image = await readCachedImage({ userId, threadId }, name, "thumb");
  if (!image) throw notFound();
  return image;
}
