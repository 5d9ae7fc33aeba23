import { isImageName } from "@/lib/images/image-formats";
import { prepareImage } from "@/lib/images/prepare-image";
import type { StagedFile } from "@/lib/storage/staging";
import { readFileBytes } from "@/lib/storage/stored-files";

/**
 * A shelf image passes the chat's image check (lib/images/prepare-image.ts) before it is
 * placed: bytes of the format its name claims, that decode, within the pixel limit. Else a 422
 * on field `file` with the reason, so a damaged image is refused rather than kept and shown
 * broken. Other files pass untouched; what the check prepares is not kept (the shelf serves
 * the original).
 */
export async function checkShelfImage(staged: StagedFile, name: string): Promise<void> {
  if (!isImageName(name)) return;
  await prepareImage({ bytes: await readFileBytes(staged.path), name, field: "file" });
}
