// The text of a PDF, read with unpdf (PDF.js from npm): no system program needed.
import { extractText, getDocumentProxy } from "unpdf";

/** Every page's text, pages joined by a line break, in reading order. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text.join("\n");
}
