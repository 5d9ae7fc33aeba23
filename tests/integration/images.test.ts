import { readdir } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { forgetEndpointListingsForTests } from "@/lib/models/read-endpoint-listing";
import { backgroundWorkSettled } from "@/lib/runs/background-work";
import { threadRoot } from "@/lib/storage/layout";
import { callApi, signUp, type Api } from "../support/route-client";
import { imageParts, startStubModelServer, type StubModelServer } from "../support/stub-model-server";
import { contentText, withStubModel, type ChatRequest } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";
import { json, newThread, type Json } from "../support/fixtures";
import { newProject, uploadDocument } from "../support/shelf-fixtures";
import { bombPng, animatedGif, photoJpeg } from "../support/image-fixtures";
import { rawZip } from "../support/raw-zip";

// Images in a chat over the real route handlers and a scripted model over HTTP: the upload
// checks (422, nothing stored), the prepared image the model receives, text-only models (by
// configuration and by refusal), view_image, and export/import.

const { stub } = withStubModel();
let blind: StubModelServer;

beforeAll(async () => {
  // "blind": an endpoint configured as text-only; "seeing": one that says it sees.
  blind = await startStubModelServer({ models: ["text-model"], nonStreamingTurn: { type: "text", text: "Title" } });
  process.env.MODEL_ENDPOINTS = JSON.stringify([
    { name: "blind", baseURL: blind.url, vision: false },
    { name: "seeing", baseURL: blind.url, models: [{ name: "eyes", vision: true }] },
  ]);
  resetConfigForTests();
});
afterAll(async () => {
  await blind.close();
  delete process.env.MODEL_ENDPOINTS;
  resetConfigForTests();
});
beforeEach(async () => {
  blind.reset();
  forgetEndpointListingsForTests();
  // What earlier tests taught every instance about the stub's vision starts over too.
  await (await getDb()).modelCapability.deleteMany({});
});
afterEach(() => {
  delete process.env.IMAGE_HISTORY_TURNS;
  resetConfigForTests();
});

const streamed = (server: StubModelServer) =>
  server.requests.filter((r) => (r.body as Json | null)?.stream).map((r) => r.body as ChatRequest);

type Part = [name: string, content: string | Uint8Array, type: string];

function form(files: Part[]): FormData {
  const body = new FormData();
  for (const [name, content, type] of files)
    body.append("files", new File([typeof content === "string" ? content : new Uint8Array(content)], name, { type }));
  return body;
}

const upload = (api: Api, threadId: string, files: Part[]) =>
  api("POST", `/api/threads/${threadId}/uploads`, { body: form(files) });

async function run(api: Api, threadId: string, text: string, attachments: string[] = []) {
  const res = await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text, attachments } } });
  expect(res.status).toBe(200);
  const read = await readUiStream(res);
  await backgroundWorkSettled();
  const finish = read.chunks.filter((chunk) => chunk.type === "finish").at(-1);
  return { ...read, metadata: finish?.messageMetadata as Json | undefined };
}

async function decoded(url: string) {
  const [, mediaType, data] = /^data:([^;]+);base64,(.*)$/.exec(url)!;
  const metadata = await sharp(Buffer.from(data!, "base64")).metadata();
  return { mediaType, ...metadata };
}

/** Every file under the thread's folder, relative, so "nothing left behind" is one assertion. */
async function threadFiles(userId: string, threadId: string): Promise<string[]> {
  try {
    const entries = await readdir(threadRoot({ userId, threadId }), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe("image uploads", () => {
  it("stores the original as sent, reports its size, serves a thumbnail and sends the model a prepared image of at most 2048 px", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api, { title: "Pictures" });
    const photo = await photoJpeg(4000, 3000);

    const res = await upload(api, threadId, [["photo.jpg", photo, "image/jpeg"]]);
    expect(res.status).toBe(201);
    const { files } = await json(res);
    expect(files).toEqual([expect.objectContaining({ filename: "photo.jpg", image: { width: 4000, height: 3000 } })]);
    expect((await json(await api("GET", `/api/threads/${threadId}/uploads`))).files[0].image).toEqual({
      width: 4000,
      height: 3000,
    });

    const original = await api("GET", `/api/threads/${threadId}/uploads/photo.jpg`);
    expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true);
    const thumb = await api("GET", `/api/threads/${threadId}/uploads/photo.jpg?size=thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    const thumbSize = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(thumbSize.width, thumbSize.height)).toBeLessThanOrEqual(256);

    stub.enqueue({ type: "text", text: "A blue rectangle." });
    const answer = await run(api, threadId, "What is this?", ["photo.jpg"]);
    expect(answer.text).toBe("A blue rectangle.");
    expect(answer.metadata?.imagesOmitted).toBeUndefined();
    const [request] = streamed(stub);
    const parts = imageParts(request);
    expect(parts).toHaveLength(1);
    const sent = await decoded(parts[0]!.url);
    expect(sent).toMatchObject({ mediaType: "image/jpeg", format: "jpeg", width: 2048, height: 1536 });
    // EXIF is stripped from what the model gets.
    expect(sent.exif).toBeUndefined();
    // The image is in the user message it was attached to, after its text.
    expect(contentText(request!.messages[parts[0]!.messageIndex]!)).toContain("What is this?");
  });

  it("refuses a file whose bytes are not the image its name claims, a decompression bomb and a corrupt image with 422, storing nothing", async () => {
    const { api, id: userId } = await signUp();
    const { id: threadId } = await newThread(api, { title: "Bad input" });
    const jpeg = await photoJpeg(64, 48);
    const cases: [...Part, RegExp][] = [
      ["lying.png", jpeg, "image/png", /not the image format its name claims/],
      ["notes.png", "just some text", "image/png", /damaged or not an image/],
      ["bomb.png", await bombPng(), "image/png", /megapixels/],
      ["cut.jpg", jpeg.subarray(0, Math.floor(jpeg.length / 2)), "image/jpeg", /damaged or not an image/],
    ];
    for (const [name, bytes, type, reason] of cases) {
      const res = await upload(api, threadId, [
        ["fine.txt", "an ordinary file before the bad one", "text/plain"],
        [name, bytes, type],
      ]);
      expect(res.status, name).toBe(422);
      const body = await json(res);
      expect(body.error.code).toBe("validation_failed");
      expect(body.error.message).toMatch(reason);
    }
    expect((await json(await api("GET", `/api/threads/${threadId}/uploads`))).files).toEqual([]);
    expect(await threadFiles(userId, threadId)).toEqual([]);
  });

  it("sends an animated GIF as its first frame", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api, { title: "Animation" });
    const gif = await animatedGif();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const res = await upload(api, threadId, [["wave.gif", gif, "image/gif"]]);
    expect(res.status).toBe(201);
    expect((await json(res)).files[0].image).toEqual({ width: 40, height: 20 });

    await run(api, threadId, "Look", ["wave.gif"]);
    const [part] = imageParts(streamed(stub)[0]);
    const sent = await decoded(part!.url);
    expect(sent).toMatchObject({ width: 40, height: 20 });
    expect(sent.pages ?? 1).toBe(1);
    // The first frame is red (the later ones are green and blue).
    const { data } = await sharp(Buffer.from(part!.url.split(",")[1]!, "base64"))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
  });

  it("sends earlier turns' images as a one-line stub after IMAGE_HISTORY_TURNS turns and counts each image at a fixed cost", async () => {
    process.env.IMAGE_HISTORY_TURNS = "1";
    resetConfigForTests();
    const { api } = await signUp();
    const { id: threadId } = await newThread(api, { title: "History" });
    await upload(api, threadId, [["first.jpg", await photoJpeg(300, 200), "image/jpeg"]]);
    const before = (await json(await api("GET", `/api/threads/${threadId}/context`))).history.tokens;
    await run(api, threadId, "One", ["first.jpg"]);
    // The context panel counts the image shown in the latest turn at its fixed cost.
    const after = (await json(await api("GET", `/api/threads/${threadId}/context`))).history.tokens;
    expect(after - before).toBeGreaterThanOrEqual(1000);
    expect(after - before).toBeLessThan(1200);
    await run(api, threadId, "Two");
    const [firstRequest, secondRequest] = streamed(stub);
    expect(imageParts(firstRequest)).toHaveLength(1);
    expect(imageParts(secondRequest)).toEqual([]);
    const stub1 = secondRequest!.messages.map(contentText).find((text) => text.includes("first.jpg"))!;
    expect(stub1).toContain(
      '[Image "first.jpg" (300×200) from an earlier turn is not shown again; call view_image with {"fileName": "first.jpg"} to look at it.]',
    );
  });
});

describe("shelf image uploads", () => {
  const shelfUpload = (api: Api, projectId: string, name: string, bytes: Uint8Array | string) => {
    const body = new FormData();
    body.append("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
    return api("POST", `/api/projects/${projectId}/documents`, { body });
  };
  const shelfNames = async (api: Api, projectId: string) =>
    ((await json(await api("GET", `/api/projects/${projectId}/documents`))).documents as Json[]).map((d) => d.name);

  it("refuses a damaged or mislabelled image with 422 and the chat's reason, keeping nothing, and takes a sound one", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const jpeg = await photoJpeg(64, 48);
    const cases: [name: string, bytes: Uint8Array | string, reason: RegExp][] = [
      ["cut.jpg", jpeg.subarray(0, Math.floor(jpeg.length / 2)), /The image could not be read: the file is damaged/],
      ["notes.png", "just some text", /damaged or not an image/],
      ["lying.png", jpeg, /not the image format its name claims/],
      ["bomb.png", await bombPng(), /megapixels/],
    ];
    for (const [name, bytes, reason] of cases) {
      const res = await shelfUpload(api, projectId, name, bytes);
      expect(res.status, name).toBe(422);
      const { error } = await json(res);
      expect(error.code).toBe("validation_failed");
      expect(error.message).toMatch(reason);
      expect(error.details).toEqual([{ path: "file", message: error.message }]);
    }
    expect(await shelfNames(api, projectId)).toEqual([]);

    const sound = await shelfUpload(api, projectId, "photo.jpg", jpeg);
    expect(sound.status).toBe(201);
    expect(await shelfNames(api, projectId)).toEqual(["photo.jpg"]);
  });

  it("refuses a damaged image inside a dropped zip with the same reason and lands the rest", async () => {
    const { api } = await signUp();
    const projectId = await newProject(api);
    const jpeg = await photoJpeg(64, 48);
    const zip = rawZip([
      { name: "Pictures/cut.jpg", data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
      { name: "Pictures/whole.jpg", data: jpeg },
      { name: "Pictures/notes.txt", data: Buffer.from("a caption") },
    ]);
    const body = new FormData();
    body.append("file", new File([new Uint8Array(zip)], "drop.zip", { type: "application/zip" }));
    const res = await api("POST", `/api/projects/${projectId}/documents/archive`, { body });
    expect(res.status).toBe(201);
    const landing = await json(res);
    expect(landing.refused).toEqual([
      { name: "Pictures/cut.jpg", reason: expect.stringMatching(/The image could not be read: the file is damaged/) },
    ]);
    expect((landing.created as Json[]).map((d) => d.name).sort()).toEqual(["notes.txt", "whole.jpg"]);
    expect((await shelfNames(api, projectId)).sort()).toEqual(["notes.txt", "whole.jpg"]);
  });
});

describe("models that cannot see", () => {
  it("gives a model configured as text-only the images' names, offers it no view_image, and the answer says the images were left out", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api, { title: "Blind" });
    expect((await api("PATCH", `/api/threads/${threadId}`, { json: { modelId: "blind:text-model" } })).status).toBe(
      200,
    );
    await upload(api, threadId, [["chart.png", await photoJpeg(100, 80, "png"), "image/png"]]);
    blind.enqueue({ type: "text", text: "I only see the name." });

    const answer = await run(api, threadId, "Describe the chart", ["chart.png"]);
    expect(answer.text).toBe("I only see the name.");
    expect(answer.metadata).toMatchObject({ modelId: "blind:text-model", imagesOmitted: true });
    const [request] = streamed(blind);
    expect(streamed(blind)).toHaveLength(1);
    expect(imageParts(request)).toEqual([]);
    expect(request!.messages.map(contentText).join("\n")).toContain(
      '[Image "chart.png" is attached, but this model cannot see images: only its name is given.]',
    );
    expect((request!.tools ?? []).map((tool) => tool.function.name)).not.toContain("view_image");

    const { models } = await json(await api("GET", "/api/models"));
    const byId = new Map(models.map((model: Json) => [model.id, model.vision]));
    expect(byId.get("blind:text-model")).toBe(false);
    expect(byId.get("seeing:eyes")).toBe(true);
    expect(byId.get("default:stub")).toBeNull();
    const { messages } = await json(await api("GET", `/api/threads/${threadId}/messages`));
    expect(messages.at(-1).metadata.imagesOmitted).toBe(true);
  });

  it("retries once without the images when an unknown model refuses them, and remembers it as text-only", async () => {
    const { api } = await signUp();
    const { id: threadId } = await newThread(api, { title: "Refused" });
    await upload(api, threadId, [["scan.jpg", await photoJpeg(500, 400), "image/jpeg"]]);
    stub.setRefuseImages(true);
    stub.enqueue({ type: "text", text: "Answered from the name." }, { type: "text", text: "Still text only." });

    const first = await run(api, threadId, "Read the scan", ["scan.jpg"]);
    expect(first.text).toBe("Answered from the name.");
    expect(first.metadata?.imagesOmitted).toBe(true);
    const [refused, retried] = streamed(stub);
    expect(streamed(stub)).toHaveLength(2);
    expect(imageParts(refused)).toHaveLength(1);
    expect(imageParts(retried)).toEqual([]);
    expect(retried!.messages.map(contentText).join("\n")).toContain('[Image "scan.jpg" is attached');
    const listed = (await json(await api("GET", "/api/models"))).models.find((m: Json) => m.id === "default:stub");
    expect(listed.vision).toBe(false);

    // The next run knows: names from the start, one request, no view_image.
    const second = await run(api, threadId, "And again", []);
    expect(second.text).toBe("Still text only.");
    expect(streamed(stub)).toHaveLength(3);
    expect(imageParts(streamed(stub)[2])).toEqual([]);
    expect((streamed(stub)[2]!.tools ?? []).map((tool) => tool.function.name)).not.toContain("view_image");
    expect(second.metadata?.imagesOmitted).toBe(true);

    // Another instance (here: this process with its own memory of listings gone) knows it
    // from the database: names from the start, no request refused.
    forgetEndpointListingsForTests();
    const elsewhere = (await json(await api("GET", "/api/models"))).models.find((m: Json) => m.id === "default:stub");
    expect(elsewhere.vision).toBe(false);
    stub.enqueue({ type: "text", text: "Known everywhere." });
    const third = await run(api, threadId, "Once more", ["scan.jpg"]);
    expect(third.text).toBe("Known everywhere.");
    expect(streamed(stub)).toHaveLength(4);
    expect(imageParts(streamed(stub)[3])).toEqual([]);
    expect(third.metadata?.imagesOmitted).toBe(true);
  });
});

describe("view_image", () => {
  it("shows the model a chat image or a shelf image right after the result, and answers {error} for a foreign document or a non-image", async () => {
    const owner = await signUp();
    const stranger = await signUp("Stranger");
    const projectId = await newProject(owner.api);
    const shelfImage = await uploadDocument(owner.api, projectId, "diagram.png", await photoJpeg(3000, 1000, "png"));
    const shelfText = await uploadDocument(owner.api, projectId, "notes.txt", "plain words");
    const foreignProject = await newProject(stranger.api);
    const foreign = await uploadDocument(stranger.api, foreignProject, "secret.png", await photoJpeg(20, 20, "png"));
    const { id: threadId } = await newThread(owner.api, { title: "Looking", projectId });
    await upload(owner.api, threadId, [["mine.jpg", await photoJpeg(100, 100), "image/jpeg"]]);

    stub.enqueue(
      {
        type: "tool-calls",
        calls: [
          { id: "c1", name: "view_image", arguments: { documentId: shelfImage.id } },
          { id: "c2", name: "view_image", arguments: { fileName: "mine.jpg" } },
          { id: "c3", name: "view_image", arguments: { documentId: foreign.id } },
          { id: "c4", name: "view_image", arguments: { documentId: shelfText.id } },
        ],
      },
      { type: "text", text: "Seen." },
    );
    const answer = await run(owner.api, threadId, "Look at the diagram");
    expect(answer.text).toBe("Seen.");
    const [first, second] = streamed(stub);
    expect((first!.tools ?? []).map((tool) => tool.function.name)).toContain("view_image");
    const toolResults = second!.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content));
    expect(toolResults[0]).toMatchObject({ name: "diagram.png", width: 3000, height: 1000 });
    expect(toolResults[1]).toMatchObject({ name: "mine.jpg", width: 100, height: 100 });
    expect(toolResults[2]).toEqual({ error: expect.stringContaining("No document with id") });
    expect(toolResults[3]).toEqual({ error: expect.stringContaining("is not an image") });
    // The two images follow the tool results, in one user message, each at most 2048 px.
    const parts = imageParts(second);
    expect(parts).toHaveLength(2);
    const lastTool = second!.messages.findLastIndex((m) => m.role === "tool");
    expect(parts.every((part) => part.messageIndex === lastTool + 1)).toBe(true);
    expect(await decoded(parts[0]!.url)).toMatchObject({ width: 2048, height: 683 });
    expect(contentText(second!.messages[lastTool + 1]!)).toContain('"diagram.png" you opened with view_image');
  });
});

describe("export and import", () => {
  it("keep a chat's images, which the imported chat sends to the model again", async () => {
    const source = await signUp();
    const { id: threadId } = await newThread(source.api, { title: "Album" });
    const photo = await photoJpeg(600, 400);
    await upload(source.api, threadId, [["holiday.jpg", photo, "image/jpeg"]]);
    await run(source.api, threadId, "Remember this", ["holiday.jpg"]);
    const zip = Buffer.from(await (await source.api("GET", "/api/export")).arrayBuffer());

    const target = await signUp("Target");
    const body = new FormData();
    body.append("file", new File([new Uint8Array(zip)], "export.zip", { type: "application/zip" }));
    expect((await target.api("POST", "/api/import", { body })).status).toBe(201);
    const { threads } = await json(await target.api("GET", "/api/threads"));
    const imported = threads.find((thread: Json) => thread.title === "Album");
    const { files } = await json(await target.api("GET", `/api/threads/${imported.id}/uploads`));
    expect(files).toEqual([expect.objectContaining({ filename: "holiday.jpg", image: { width: 600, height: 400 } })]);
    const bytes = await target.api("GET", `/api/threads/${imported.id}/uploads/holiday.jpg`);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(photo)).toBe(true);

    const before = streamed(stub).length;
    await run(target.api, imported.id, "What was it?");
    expect(imageParts(streamed(stub)[before])).toHaveLength(1);
  });
});

describe("thumbnails", () => {
  it("are the owner's only: 404 for another user's thread and for an upload that is not an image", async () => {
    const { api } = await signUp();
    const stranger = await signUp("Stranger");
    const { id: threadId } = await newThread(api, { title: "Thumbs" });
    await upload(api, threadId, [
      ["pic.webp", await photoJpeg(50, 50, "webp"), "image/webp"],
      ["plain.txt", "words", "text/plain"],
    ]);
    expect((await api("GET", `/api/threads/${threadId}/uploads/pic.webp?size=thumb`)).status).toBe(200);
    expect((await stranger.api("GET", `/api/threads/${threadId}/uploads/pic.webp?size=thumb`)).status).toBe(404);
    expect((await api("GET", `/api/threads/${threadId}/uploads/plain.txt?size=thumb`)).status).toBe(404);
    expect((await callApi("GET", `/api/threads/${threadId}/uploads/pic.webp?size=thumb`)).status).toBe(401);
  });
});
