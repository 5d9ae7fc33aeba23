import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tx } from "@/lib/db/client";
import { signUp } from "../support/route-client";
import { documentRow, newProject, storedPaths, trashedDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// Purge's database step failing after its unlinks: the transaction rolls back, so the row
// stays in the trash (retryable), a restore of it is 409 content_missing (its bytes are gone),
// and the next purge finishes. The failure is injected into the row delete inside purge's
// transaction, the last step before commit.

const fault = vi.hoisted(() => ({ armed: false }));

vi.mock("@/lib/db/client", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/client")>();
  const failingDelete = (tx: Tx): Tx =>
    new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== "projectDocument") return value;
        return new Proxy(value, {
          get(model, method, modelReceiver) {
            const fn = Reflect.get(model, method, modelReceiver);
            if (method !== "delete" || !fault.armed) return fn;
            return () => {
              fault.armed = false;
              return Promise.reject(new Error("connection lost before commit (injected by the test)"));
            };
          },
        });
      },
    });
  return {
    ...real,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => real.transaction((tx) => work(failingDelete(tx))),
  };
});

afterEach(() => {
  fault.armed = false;
  vi.restoreAllMocks();
});

describe("a purge whose commit fails after the unlinks", () => {
  it("rolls back: the row stays trashed, restore is 409, and the retry purges", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const document = await trashedDocument(api, projectId, "half.txt", "half purged");
    const { original } = await storedPaths(document.id);
    vi.spyOn(console, "error").mockImplementation(() => {});

    fault.armed = true;
    expect((await api("POST", `/api/trash/documents/${document.id}/purge`)).status).toBe(500);
    expect(await pathExists(original)).toBe(false);
    expect((await documentRow(document.id))?.trashedAt).not.toBeNull();

    const restore = await api("POST", `/api/trash/documents/${document.id}/restore`, { json: {} });
    expect(restore.status).toBe(409);
    expect((await restore.json()).error.code).toBe("content_missing");

    expect((await api("POST", `/api/trash/documents/${document.id}/purge`)).status).toBe(204);
    expect(await documentRow(document.id)).toBeNull();
  });
});
