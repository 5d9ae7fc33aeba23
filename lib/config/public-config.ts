import { config, isModelConfigured } from "./env";

/** What clients may know about the server's limits (GET /api/config). */
export function publicConfig() {
  const c = config();
  return {
    instructionsMaxBytes: c.instructionsMaxBytes,
    indexMaxEntries: c.indexMaxEntries,
    indexMaxBytes: c.indexMaxBytes,
    noteMaxBytes: c.noteMaxBytes,
    memoryMaxBytes: c.memoryMaxBytes,
    trashRetentionDays: c.trashRetentionDays,
    uploadMaxBytes: c.uploadMaxBytes,
    autoConvertDocuments: c.autoConvertDocuments,
    model: { configured: isModelConfigured(c), name: c.model.name },
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
