// The text of a PDF, read with unpdf (PDF.js from npm): no system program needed.
import { extractText, getDocumentProxy } from "unpdf";

/** Each page's text, in reading order. */
export async function pdfPages(pdf: Buffer | Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text;
}

/** Every page's text, pages joined by a line break, in reading order. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).join("\n");
}

/** Each piece of text PDF.js finds, with its page (from 1) and its baseline's position in points from the bottom left. */
export async function pdfTextItems(pdf: Buffer | Uint8Array): Promise<{ page: number; text: string; x: number; y: number }[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const items: { page: number; text: string; x: number; y: number }[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    for (const item of content.items)
      if ("str" in item && item.str.trim() !== "")
        items.push({ page, text: item.str, x: item.transform[4], y: item.transform[5] });
  }
  return items;
}
