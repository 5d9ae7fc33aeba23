import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { AuthPage } from "./pages/auth-page";
import { ChatPanel } from "./pages/chat-panel";
import { ModelPicker } from "./pages/model-picker";
import { expectAccessible } from "./support/axe";
import { StubModel } from "./support/stub-model";
import { SAME_ORIGIN } from "./support/same-origin";

// An image pasted from the clipboard into the composer: its thumbnail in the composer, sent
// with the message, shown as a thumbnail in the sent message, opened in the lightbox (axe
// clean with it open, Escape closes it), and received by the model as an image part. Then an
// image picked with the paperclip for a model that refuses images: the answer says the model
// saw only the name, and the picker marks the model "no images". A damaged image is refused
// with the server's reason.

test("paste an image, send it, see the thumbnail and the lightbox", async ({ page, context }) => {
  const stub = new StubModel(page.request);
  const chat = new ChatPanel(page);
  await stub.reset();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await new AuthPage(page).signUp({
    name: "Ada Lovelace",
    email: `ada-images-${Date.now()}@example.com`,
    password: "analytical-engine",
  });
  await expect(page).toHaveURL(/\/workspace$/);
  const { thread } = await (
    await page.request.post("/api/threads", { data: { title: "Screenshot" }, headers: SAME_ORIGIN })
  ).json();
  await stub.script([{ type: "text", text: "A screenshot with an orange square." }]);
  await page.goto(`/workspace/chats/${thread.id}`);

  // A real PNG on the system clipboard, as a screenshot tool leaves it, then Ctrl+V.
  await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 400;
    const context2d = canvas.getContext("2d")!;
    context2d.fillStyle = "#f97316";
    context2d.fillRect(0, 0, 640, 400);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((png) => resolve(png!), "image/png"));
    await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
  });
  await chat.input.focus();
  await page.keyboard.press("ControlOrMeta+V");

  const chip = chat.chips.first();
  await expect(chip).toHaveAttribute("data-status", "done");
  await expect(chip.getByTestId("upload-chip-thumbnail")).toBeVisible();
  const filename = await chip.getAttribute("data-filename");
  expect(filename).toMatch(/\.png$/);

  await chat.sendMessage("What is in this screenshot?");
  await expect(chat.assistantMessages.last()).toContainText("A screenshot with an orange square.");
  await expect(chat.idle()).toBeAttached();

  const thumbnail = chat.userMessages.last().getByTestId("message-image");
  await expect(thumbnail).toHaveAttribute("data-filename", filename!);
  await expect(thumbnail.locator("img")).toHaveJSProperty("complete", true);
  expect(await thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(256);

  // The model got the picture itself, prepared: an opaque screenshot is re-encoded as JPEG.
  const [request] = await stub.runRequests();
  const sent = JSON.stringify(request!.body?.messages);
  expect(sent).toContain('"type":"image_url"');
  expect(sent).toContain("data:image/jpeg;base64,");

  await thumbnail.click();
  const lightbox = page.getByTestId("image-lightbox");
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole("heading", { name: filename! })).toBeVisible();
  await expect(lightbox.getByTestId("image-lightbox-image")).toHaveJSProperty("naturalWidth", 640);
  await expectAccessible(page, "the image lightbox");
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await expect(thumbnail).toBeFocused();

  await test.step("a model that refuses images answers from the name, and the chat says so", async () => {
    await stub.refuseImages();
    await stub.script([{ type: "text", text: "I can only read the file name." }]);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0ea5e9" } })
      .jpeg()
      .toBuffer();
    await chat.fileInput.setInputFiles({ name: "picked.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(chat.chip("picked.jpg")).toHaveAttribute("data-status", "done");
    await chat.sendMessage("And this one?");
    const answer = chat.assistantMessages.last();
    await expect(answer).toContainText("I can only read the file name.");
    await expect(answer.locator('[data-testid="model-notice"][data-kind="images_omitted"]')).toContainText(
      "cannot see images",
    );
    await expect(chat.idle()).toBeAttached();
    const picker = new ModelPicker(page);
    await picker.trigger.click();
    await expect(picker.option("default:stub")).toContainText("no images");
    await picker.search.press("Escape");
  });

  await test.step("a damaged image is refused with the server's reason, not as a connection problem", async () => {
    await chat.fileInput.setInputFiles({
      name: "damaged.png",
      mimeType: "image/png",
      buffer: Buffer.from("these bytes are no picture"),
    });
    const chip = chat.chip("damaged.png");
    await expect(chip).toHaveAttribute("data-status", "error");
    const error = chip.getByTestId("upload-chip-error");
    await expect(error).toContainText("The image could not be read");
    await expect(error).not.toContainText(/connection/i);
  });
});
