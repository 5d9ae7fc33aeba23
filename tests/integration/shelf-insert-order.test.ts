import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tx } from "@/lib/db/client";
import { signUp, type Api } from "../support/route-client";
import { newProject } from "../support/shelf-fixtures";

// Bytes before the row: a shelf insert places the document's bytes in its own folder inside
// the transaction that then inserts the row, so no committed row ever lacks its file. The
// order of the steps is recorded by wrapping the placement and the transaction's insert.

const trace = vi.hoisted(() => ({ events: [] as string[], failPlacement: false }));

vi.mock("@/lib/storage/stored-files", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/storage/stored-files")>();
  return {
    ...real,
    placeStagedFile: async (input: Parameters<typeof real.placeStagedFile>[0]) => {
      trace.events.push("place");
      if (trace.failPlacement) throw Object.assign(new Error("EIO: injected by the test"), { code: "EIO" });
      return real.placeStagedFile(input);
    },
  };
});

vi.mock("@/lib/db/client", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/client")>();
  const recording = (tx: Tx): Tx =>
    new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== "projectDocument") return value;
        return new Proxy(value, {
          get(model, method, modelReceiver) {
            const fn = Reflect.get(model, method, modelReceiver);
            if (method !== "create") return fn;
            return (...args: unknown[]) => {
              trace.events.push("insert");
              return fn.apply(model, args);
            };
          },
        });
      },
    });
  return {
    ...real,
    transaction: async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
      trace.events.push("begin");
      const result = await real.transaction((tx) => work(recording(tx)));
      trace.events.push("commit");
      return result;
    },
  };
});

afterEach(() => {
  trace.events.length = 0;
  trace.failPlacement = false;
  vi.restoreAllMocks();
});

async function upload(api: Api, projectId: string, name: string, content: string) {
  const body = new FormData();
  body.append("file", new File([content], name));
  return api("POST", `/api/projects/${projectId}/documents`, { body });
}

describe("a shelf insert", () => {
  it("places the bytes, then inserts the row, then commits: all in one transaction", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    trace.events.length = 0;
    expect((await upload(api, projectId, "order.txt", "in order")).status).toBe(201);

    const insert = trace.events.indexOf("insert");
    expect(insert).toBeGreaterThan(-1);
    const begin = trace.events.lastIndexOf("begin", insert);
    const commit = trace.events.indexOf("commit", insert);
    expect(trace.events.slice(begin, commit + 1)).toEqual(["begin", "place", "insert", "commit"]);
  });

  it("leaves no row when the bytes cannot be placed", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    vi.spyOn(console, "error").mockImplementation(() => {});
    trace.failPlacement = true;
    expect((await upload(api, projectId, "lost.txt", "never placed")).status).toBe(500);
    const listing = (await (await api("GET", `/api/projects/${projectId}/documents`)).json()) as {
      documents: unknown[];
    };
    expect(listing.documents).toEqual([]);
  });
});
