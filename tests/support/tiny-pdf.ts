// A minimal, valid PDF with one line of Helvetica text per page, written by hand so tests
// can make a 1,000-page document in milliseconds instead of shipping a large fixture.
// ASCII text only; the cross-reference table is computed, so pdf.js reads it without repair.

const escapePdfText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

export function tinyPdf(pages: string[]): Uint8Array<ArrayBuffer> {
  const objects: string[] = [];
  const pageObject = (index: number) => 4 + 2 * index;
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  pages.forEach((text, i) => {
    const stream = `BT /F1 12 Tf 72 720 Td (${escapePdfText(text)}) Tj ET`;
    objects[pageObject(i)] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObject(i) + 1} 0 R >>`;
    objects[pageObject(i) + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  // The customary second line of high bytes marks the file as binary, as real PDFs do.
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}
