import { checkManifest, type ImportLimits } from "./check-manifest";
import { MANIFEST_PATH, type Manifest } from "./export-format";
import { importRefused } from "./import-refused";
import { openZipEntries, type ZipLimits } from "./zip-entries";

export interface ArchiveLimits extends ImportLimits, ZipLimits {}

export interface ImportArchive {
  manifest: Manifest;
  /** The bytes of an entry the manifest names (zip-entries.ts: checked and counted while they stream). */
  entryBytes(path: string): AsyncGenerator<Buffer>;
  close(): void;
}

/**
 * Opens a staged archive and judges it before anything is created
 * (docs/architecture.md § "Export and import"): its entries by the shared zip reader's rules
 * (names, counts, sizes, ratio: zip-entries.ts), then the manifest, read bounded and matched with
 * the entries.
 */
export async function readImportArchive({
  zipPath,
  limits,
}: {
  zipPath: string;
  limits: ArchiveLimits;
}): Promise<ImportArchive> {
  const zip = await openZipEntries({ zipPath, limits });
  try {
    const sizes = new Map([...zip.entries].map(([name, entry]) => [name, entry.uncompressedSize]));
    if (!zip.entries.has(MANIFEST_PATH)) throw importRefused("manifest_invalid", `it has no ${MANIFEST_PATH}`);
    const manifestText = await collect(zip.entryBytes(MANIFEST_PATH));
    let raw: unknown;
    try {
      raw = JSON.parse(manifestText);
    } catch {
      throw importRefused("manifest_invalid", `${MANIFEST_PATH} is not valid JSON`);
    }
    const manifest = checkManifest(raw, sizes, limits);
    return { manifest, entryBytes: zip.entryBytes, close: zip.close };
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function collect(chunks: AsyncGenerator<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}
