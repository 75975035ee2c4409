// The one layout of a document e-mail (an estimate, an invoice, their follow-ups and reminders),
// in the document's language. `app/services/mail.server.ts` renders it to static markup for the
// HTML part and builds the plain-text part from the same parts with `documentMailText`, so the
// two always say the same thing. Styles are inline: mail programs drop style sheets.
import type { CSSProperties } from "react";

export interface DocumentMailParts {
  lang: string;
  subject: string;
  greeting: string;
  intro: string;
  /** The amount and its date (the total and the validity, or the amount due and the due date); the first in bold. */
  highlight: [string, string];
  cta: string;
  button: string;
  link: string;
  /** The attachment and who to call with questions. */
  attached: string;
  questions: string;
  closing: string;
  /** The company's name, phone and e-mail, those given. */
  signature: string[];
}

const paragraph: CSSProperties = { margin: "0 0 12px" };

function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    <span key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

export function DocumentMail(parts: DocumentMailParts) {
  const [first, second] = parts.highlight;
  return (
    <html lang={parts.lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{parts.subject}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: "24px",
          background: "#f1f5f9",
          fontFamily: "Helvetica,Arial,sans-serif",
          color: "#1e293b",
          fontSize: "15px",
          lineHeight: 1.5,
        }}
      >
        <div style={{ maxWidth: "560px", margin: "0 auto", background: "#ffffff", borderRadius: "8px", padding: "24px" }}>
          <p style={paragraph}>{parts.greeting}</p>
          <p style={paragraph}>{parts.intro}</p>
          <p style={paragraph}>
            <strong>{first}</strong>
            <br />
            {second}
          </p>
          <p style={paragraph}>{parts.cta}</p>
          <p style={paragraph}>
            <a
              href={parts.link}
              style={{
                display: "inline-block",
                background: "#1d4ed8",
                color: "#ffffff",
                textDecoration: "none",
                padding: "10px 18px",
                borderRadius: "6px",
                fontWeight: "bold",
              }}
            >
              {parts.button}
            </a>
          </p>
          <p style={{ ...paragraph, fontSize: "13px" }}>
            <a href={parts.link} style={{ color: "#1d4ed8", wordBreak: "break-all" }}>
              {parts.link}
            </a>
          </p>
          <p style={paragraph}>{`${parts.attached} ${parts.questions}`}</p>
          <p style={{ ...paragraph, marginBottom: 0 }}>
            <Lines lines={[parts.closing, ...parts.signature]} />
          </p>
        </div>
      </body>
    </html>
  );
}

/** The plain-text part: the same parts, a blank line between the blocks. */
export function documentMailText(parts: DocumentMailParts): string {
  return [
    parts.greeting,
    "",
    parts.intro,
    "",
    ...parts.highlight,
    "",
    parts.cta,
    parts.link,
    "",
    parts.attached,
    parts.questions,
    "",
    parts.closing,
    ...parts.signature,
    "",
  ].join("\n");
}
