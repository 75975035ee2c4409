import { createContext, useContext, useState } from "react";

// The app's stylesheet in the document's <head>: linked, or on a browser's first visit inline
// (app/infrastructure/first-visit-stylesheet.server.ts). The server render is given the text; the
// browser never is.
const StylesheetTextContext = createContext<string | null>(null);
export const StylesheetTextProvider = StylesheetTextContext.Provider;

export function AppStylesheet({ href, inline }: { href: string; inline: boolean }) {
  const text = useContext(StylesheetTextContext);
  // The document keeps what the server sent for as long as it lives: the root loader's answer
  // changes after the first page (the cookie is set), the head must not. In the browser the
  // <style> is rendered empty: React leaves an element's inner HTML as the server wrote it
  // when it hydrates, and an unchanged empty string is never written.
  const [inlined] = useState(inline && (typeof document !== "undefined" || text !== null));
  if (!inlined) return <link rel="stylesheet" href={href} />;
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: text ?? "" }} />
      {/* Fetched when the browser is idle, so the next page's <link> finds it cached. */}
      <link rel="prefetch" as="style" href={href} />
    </>
  );
}
