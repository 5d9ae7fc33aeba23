"use client";

import { useSyncExternalStore } from "react";
import { uploadManager, type Upload } from "./upload-manager";

const NONE: Upload[] = [];

/** Every upload of this browser tab, live (the manager outlives any page). */
export function useUploads(): Upload[] {
  return useSyncExternalStore(uploadManager.subscribe, uploadManager.snapshot, () => NONE);
}
