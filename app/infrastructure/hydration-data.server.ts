// Remix's hydration data, written after the page (decision 025). With single fetch, Remix hands
// entry.server a stream of the loaders' data (turbo-stream text), and its <RemixServer>
// renders that stream into scripts through a chain of Suspense boundaries, one per chunk:
// only a streaming render can wait for them. No TradeDesk route defers data, so the stream is
// complete as soon as it is read: entry.server reads it first, renders the page without it
// (a plain string render, much cheaper than the streaming one), and appends the scripts that
// <RemixServer> would have written, the same markup byte for byte.

/** Every chunk of the stream, decoded as StreamTransfer decodes it; waits for the end (a deferred value, were there one). */
export async function readHydrationData(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(decoder.decode(value, { stream: true }));
  }
}

// As Remix escapes a script's JSON (@remix-run/react's markup.js): nothing in it can end the script.
const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeScriptText = (text: string) => text.replace(/[&><\u2028\u2029]/g, (match) => ESCAPES[match]);

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>']/g, (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;", "'": "&#x27;" })[c]!);

/**
 * The scripts <RemixServer>'s StreamTransfer writes for these chunks: each chunk enqueued in a
 * Suspense boundary of its own (`<!--$-->`), then the stream closed, then the boundaries closed.
 * A page without Remix's <Scripts> (`withScripts` false) gets none, only the empty boundary.
 */
export function hydrationScripts(chunks: string[], nonce?: string, withScripts = true): string {
  if (!withScripts) return "<!--$--><!--/$-->";
  const open = nonce === undefined ? "<script>" : `<script nonce="${escapeAttribute(nonce)}">`;
  let html = "";
  for (const chunk of chunks) {
    html += "<!--$-->";
    if (chunk !== "")
      html += `${open}window.__remixContext.streamController.enqueue(${escapeScriptText(JSON.stringify(chunk))});</script>`;
  }
  html += `<!--$-->${open}window.__remixContext.streamController.close();</script>`;
  return html + "<!--/$-->".repeat(chunks.length + 1);
}
