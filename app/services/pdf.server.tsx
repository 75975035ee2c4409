// Estimate and invoice PDFs (docs/product/estimates.md, "The document"), drawn with @react-pdf/renderer in the
// account's document language. Only the PDF standard fonts (Helvetica) are used: they
// need no font file at all, and their Latin-1 encoding covers Spanish (á, é, ñ, ¿, ¡).
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { AccountSettings } from "#db/schema";
import { formatDocumentDate } from "~/lib/invoice-dates";
import {
  customerAddressLines,
  documentSettlement,
  formatQuantity,
  type DocumentCompany,
  formatRatePercent,
  lineMarks,
  type DocumentData,
} from "~/lib/invoice-document";
import { formatMoney } from "~/lib/money";
import { loadEstimateDocument, loadInvoiceDocument } from "~/models/document.server";
import { pdfPhotos, type PdfPhoto } from "~/models/document-photos.server";
import { translate, type Language } from "~/infrastructure/i18n";
import { invoiceStatusLabelKey } from "~/lib/invoice-status";
import type { KeyUnder } from "~/locales/keys";

// Whole words on a line: no hyphenation of customer names or item descriptions.
Font.registerHyphenationCallback((word) => [word]);

const BRAND = "#1d4ed8";
const INK = "#1e293b";
const MUTED = "#64748b";
const RULE = "#e2e8f0";
const STRIPE = "#f1f5f9";
const LETTER_HEIGHT = 792;

/** The documents' styles, shared by the estimate and invoice PDF and the payment receipt (receipt-pdf.server.tsx). */
export const styles = StyleSheet.create({
  page: {
    paddingTop: 40,
    paddingBottom: 60,
    paddingHorizontal: 44,
    fontFamily: "Helvetica",
    fontSize: 9.5,
    color: INK,
    lineHeight: 1.35,
  },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start" },
  companyBlock: { flexDirection: "row", alignItems: "flex-start", maxWidth: 290 },
  logo: { width: 60, height: 60, objectFit: "contain", marginRight: 12 },
  companyName: { fontFamily: "Helvetica-Bold", fontSize: 14, color: INK, marginBottom: 3 },
  companyLine: { color: MUTED },
  titleBlock: { alignItems: "flex-end" },
  title: { fontFamily: "Helvetica-Bold", fontSize: 26, lineHeight: 1, color: BRAND, marginBottom: 10 },
  metaRow: { flexDirection: "row", justifyContent: "flex-end", marginBottom: 2 },
  metaLabel: { color: MUTED, width: 110, textAlign: "right", marginRight: 8 },
  metaValue: { fontFamily: "Helvetica-Bold", minWidth: 90, textAlign: "right" },
  stamp: {
    marginTop: 8,
    borderWidth: 2,
    borderRadius: 3,
    paddingVertical: 3,
    paddingHorizontal: 10,
    fontFamily: "Helvetica-Bold",
    fontSize: 11,
  },
  rule: { height: 3, backgroundColor: BRAND, marginTop: 16, marginBottom: 18 },
  parties: { flexDirection: "row", marginBottom: 20 },
  party: { flex: 1, paddingRight: 16 },
  label: { fontFamily: "Helvetica-Bold", fontSize: 8, color: MUTED, marginBottom: 4 },
  strong: { fontFamily: "Helvetica-Bold" },
  muted: { color: MUTED },
  tableHeader: { flexDirection: "row", backgroundColor: BRAND, color: "#ffffff", fontFamily: "Helvetica-Bold", fontSize: 9 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: RULE },
  stripe: { backgroundColor: STRIPE },
  cellDescription: { flex: 1, paddingVertical: 6, paddingHorizontal: 8 },
  cellQuantity: { width: 50, paddingVertical: 6, paddingHorizontal: 8, textAlign: "right" },
  cellMoney: { width: 88, paddingVertical: 6, paddingHorizontal: 8, textAlign: "right" },
  totals: { alignSelf: "flex-end", width: 236, marginTop: 12 },
  totalsRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 4, paddingHorizontal: 8 },
  grandTotal: {
    flexDirection: "row",
    justifyContent: "space-between",
    paddingVertical: 7,
    paddingHorizontal: 8,
    marginTop: 4,
    backgroundColor: BRAND,
    color: "#ffffff",
    fontFamily: "Helvetica-Bold",
    fontSize: 12,
  },
  section: { marginTop: 22 },
  terms: { marginTop: 22, paddingTop: 10, borderTopWidth: 0.5, borderTopColor: RULE, fontSize: 8.5, color: MUTED },
  termsLead: { fontFamily: "Helvetica-Bold", color: INK, marginBottom: 3 },
  signatures: { flexDirection: "row", marginTop: 40 },
  signatureLine: { borderTopWidth: 0.75, borderTopColor: MUTED, paddingTop: 3, fontSize: 8, color: MUTED },
  signed: { paddingBottom: 3, fontSize: 10 },
  thanks: { marginTop: 24, textAlign: "center", color: MUTED, fontSize: 9 },
  // Two photos a row, each captioned below.
  photos: { flexDirection: "row", flexWrap: "wrap", marginTop: 6, justifyContent: "space-between" },
  photo: { width: "48%", marginBottom: 10 },
  // Placed from the top: with a page line height, react-pdf 4.9 drops a page-number text
  // placed from the bottom.
  footer: {
    position: "absolute",
    top: LETTER_HEIGHT - 40,
    left: 44,
    right: 44,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8,
    color: MUTED,
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
  },
});

export interface PdfLogo {
  data: Buffer;
  format: "png" | "jpg";
}

/** The logo as react-pdf can draw it: PNG and JPEG only; other images are left out. */
export function pdfLogo(settings: Pick<AccountSettings, "logo" | "logoMimeType">): PdfLogo | null {
  if (!settings.logo || settings.logo.length === 0) return null;
  if (settings.logoMimeType === "image/png") return { data: Buffer.from(settings.logo), format: "png" };
  if (settings.logoMimeType === "image/jpeg" || settings.logoMimeType === "image/jpg")
    return { data: Buffer.from(settings.logo), format: "jpg" };
  return null;
}

/**
 * The top of a document's first page: on the left the logo, the company's name and its address,
 * phone, e-mail and website; on the right the heading ("INVOICE", "RECEIPT"), the label/value
 * lines under it and, when given, a stamp ("PAID"); then the rule.
 */
export function PdfHeader({
  company,
  logo,
  heading,
  meta,
  stamp,
  language,
}: {
  company: DocumentCompany;
  logo: PdfLogo | null;
  heading: string;
  meta: [label: string, value: string][];
  stamp: { text: string; color: string } | null;
  language: Language;
}) {
  const caps = (text: string) => text.toLocaleUpperCase(language);
  return (
    <>
      <View style={styles.header}>
        <View style={styles.companyBlock}>
          {logo ? <Image src={logo} style={styles.logo} /> : null}
          <View>
            <Text style={styles.companyName}>{company.name}</Text>
            {[company.address, company.phone, company.email, company.website].filter(Boolean).map((line) => (
              <Text key={line} style={styles.companyLine}>
                {line}
              </Text>
            ))}
          </View>
        </View>
        <View style={styles.titleBlock}>
          <Text style={styles.title}>{caps(heading)}</Text>
          {meta.map(([label, value]) => (
            <View key={label} style={styles.metaRow}>
              <Text style={styles.metaLabel}>{label}</Text>
              <Text style={styles.metaValue}>{value}</Text>
            </View>
          ))}
          {stamp ? (
            <Text style={[styles.stamp, { color: stamp.color, borderColor: stamp.color }]}>{caps(stamp.text)}</Text>
          ) : null}
        </View>
      </View>
      <View style={styles.rule} />
    </>
  );
}

/** The line at the foot of every page: the company and the document's number, then "Page n of m". */
export function PdfFooter({ company, number, language }: { company: string; number: string; language: Language }) {
  return (
    <View style={styles.footer} fixed>
      <Text>
        {company} · {number}
      </Text>
      <Text
        render={({ pageNumber, totalPages }) =>
          translate(language, "invoices.document.page", { page: String(pageNumber), pages: String(totalPages) })
        }
      />
    </View>
  );
}

function DocumentPdf({
  doc,
  language,
  logo,
  photos,
}: {
  doc: DocumentData;
  language: Language;
  logo: PdfLogo | null;
  photos: PdfPhoto[];
}) {
  const t = (key: KeyUnder<"invoices.document">, values: Record<string, string | number> = {}) =>
    translate(language, `invoices.document.${key}`, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
  const money = (cents: number) => formatMoney(cents, language, doc.currency);
  const date = (day: string | null) => formatDocumentDate(day, language);
  const isInvoice = doc.kind === "invoice";
  const settlement = documentSettlement(doc);
  const heading = t(isInvoice ? "invoice" : "estimate");
  // Capitals are written out, never drawn with textTransform or letter spacing, so the
  // text copies and searches as words.
  const caps = (text: string) => text.toLocaleUpperCase(language);

  const meta: [string, string][] = [
    [t("number"), doc.number],
    [t(isInvoice ? "invoiceDate" : "estimateDate"), date(doc.issuedOn)],
  ];
  if (isInvoice) {
    if (doc.dueDate) meta.push([t("dueDate"), date(doc.dueDate)]);
    if (doc.paidOn) meta.push([t("paidDate"), date(doc.paidOn)]);
  } else {
    meta.push([t("validUntil"), doc.validUntil ? date(doc.validUntil) : t("validDaysShort", { days: doc.validDays })]);
  }
  const stampColor = doc.status === "paid" ? "#15803d" : doc.status === "overdue" ? "#b91c1c" : MUTED;
  const lead = isInvoice
    ? doc.dueDate
      ? t("paymentDueBy", { days: doc.paymentDays, date: date(doc.dueDate) })
      : t("paymentDue", { days: doc.paymentDays })
    : doc.validUntil
      ? t("validUntilText", { date: date(doc.validUntil) })
      : t("validForDays", { days: doc.validDays });

  return (
    <Document
      title={`${heading} ${doc.number}`}
      author={doc.company.name}
      subject={doc.title}
      creator="TradeDesk"
      producer="TradeDesk"
      language={language}
    >
      <Page size="LETTER" style={styles.page}>
        <PdfHeader
          company={doc.company}
          logo={logo}
          language={language}
          heading={heading}
          meta={meta}
          stamp={
            isInvoice && doc.status !== "pending"
              ? { text: translate(language, invoiceStatusLabelKey(doc.status)), color: stampColor }
              : null
          }
        />

        <View style={styles.parties}>
          <View style={styles.party}>
            <Text style={styles.label}>{caps(t(isInvoice ? "billTo" : "preparedFor"))}</Text>
            <Text style={styles.strong}>{doc.customer.name}</Text>
            {customerAddressLines(doc.customer).map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            {doc.customer.phone ? <Text>{doc.customer.phone}</Text> : null}
            {doc.customer.email ? <Text>{doc.customer.email}</Text> : null}
          </View>
          <View style={styles.party}>
            <Text style={styles.label}>{caps(t("project"))}</Text>
            <Text style={styles.strong}>{doc.title}</Text>
            {doc.description ? <Text>{doc.description}</Text> : null}
            {doc.jobTitle ? (
              <Text style={styles.muted}>
                {t("job")}: {doc.jobTitle}
              </Text>
            ) : null}
          </View>
        </View>

        {/* The header repeats on every page the rows run over, and only on those. */}
        <View>
          <View style={styles.tableHeader} fixed>
            <Text style={styles.cellDescription}>{t("description")}</Text>
            <Text style={styles.cellQuantity}>{t("quantity")}</Text>
            <Text style={styles.cellMoney}>{t("unitPrice")}</Text>
            <Text style={styles.cellMoney}>{t("amount")}</Text>
          </View>
          {doc.lines.map((line, index) => (
            <View key={index} style={index % 2 === 1 ? [styles.row, styles.stripe] : styles.row} wrap={false}>
              <View style={styles.cellDescription}>
                <Text>{line.description}</Text>
                {lineMarks(line).map((mark) => (
                  <Text key={mark.key} style={styles.muted}>
                    {t(mark.key, mark.values)}
                  </Text>
                ))}
              </View>
              <Text style={styles.cellQuantity}>{formatQuantity(line.quantity, language)}</Text>
              <Text style={styles.cellMoney}>{money(line.unitPrice)}</Text>
              <Text style={[styles.cellMoney, styles.strong]}>{money(line.total)}</Text>
            </View>
          ))}
        </View>

        <View style={styles.totals} wrap={false}>
          <View style={styles.totalsRow}>
            <Text style={styles.muted}>{t("subtotal")}</Text>
            <Text>{money(doc.subtotal)}</Text>
          </View>
          <View style={styles.totalsRow}>
            <Text style={styles.muted}>{t("tax", { rate: formatRatePercent(doc.taxRate) })}</Text>
            <Text>{money(doc.taxAmount)}</Text>
          </View>
          <View style={styles.grandTotal}>
            <Text>{t(settlement.grandLabel)}</Text>
            <Text>{money(doc.total)}</Text>
          </View>
          {settlement.paid ? (
            <>
              <View style={styles.totalsRow}>
                <Text style={styles.muted}>{t("amountPaid")}</Text>
                <Text>{money(settlement.paid.amount)}</Text>
              </View>
              <View style={[styles.totalsRow, styles.strong]}>
                <Text>{t("balanceDue")}</Text>
                <Text>{money(settlement.paid.balance)}</Text>
              </View>
            </>
          ) : null}
          {doc.deposit && doc.deposit.asked > 0 ? (
            <View style={styles.totalsRow}>
              <Text style={styles.muted}>
                {doc.deposit.percent !== null
                  ? t("depositPercent", { percent: formatRatePercent(doc.deposit.percent) })
                  : t("deposit")}
              </Text>
              <Text>{money(doc.deposit.asked)}</Text>
            </View>
          ) : null}
          {doc.deposit && doc.deposit.received > 0 ? (
            <View style={styles.totalsRow}>
              <Text style={styles.muted}>{t("depositReceived")}</Text>
              <Text>{money(doc.deposit.received)}</Text>
            </View>
          ) : null}
        </View>

        {photos.length > 0 ? (
          <View style={styles.section}>
            <Text style={styles.label}>{caps(t("photos"))}</Text>
            <View style={styles.photos}>
              {photos.map((photo, index) => (
                <View key={index} style={styles.photo} wrap={false}>
                  <Image
                    src={{ data: photo.data, format: "jpg" }}
                    style={{
                      width: PHOTO_WIDTH,
                      height: Math.min(PHOTO_WIDTH * (photo.height / photo.width), PHOTO_MAX_HEIGHT),
                      objectFit: "contain",
                    }}
                  />
                  {photo.caption ? <Text style={styles.muted}>{photo.caption}</Text> : null}
                </View>
              ))}
            </View>
          </View>
        ) : null}

        {doc.notes ? (
          <View style={styles.section} wrap={false}>
            <Text style={styles.label}>{caps(t("notes"))}</Text>
            <Text>{doc.notes}</Text>
          </View>
        ) : null}

        <View style={styles.terms} wrap={false}>
          <Text style={styles.label}>{caps(t("terms"))}</Text>
          <Text style={styles.termsLead}>{lead}</Text>
          {doc.terms ? <Text>{doc.terms}</Text> : null}
          {isInvoice && !doc.terms ? <Text>{t("lateCharge")}</Text> : null}
        </View>

        {isInvoice ? null : (
          <View style={styles.signatures} wrap={false}>
            <View style={{ flex: 2, marginRight: 24 }}>
              {doc.acceptance ? <Text style={styles.signed}>{doc.acceptance.by}</Text> : null}
              <Text style={styles.signatureLine}>{t("acceptance")}</Text>
            </View>
            <View style={{ flex: 1 }}>
              {doc.acceptance ? <Text style={styles.signed}>{date(doc.acceptance.on)}</Text> : null}
              <Text style={styles.signatureLine}>{t("signatureDate")}</Text>
            </View>
          </View>
        )}

        <Text style={styles.thanks}>{t("thankYou")}</Text>

        <PdfFooter company={doc.company.name} number={doc.number} language={language} />
      </Page>
    </Document>
  );
}

/** A photo's width in points (half the letter page's text width, less the gap) and its tallest. */
const PHOTO_WIDTH = 260;
const PHOTO_MAX_HEIGHT = 300;

/** A document as PDF bytes, in the given language, with the photos marked for the customer (pdfPhotos). */
export function renderDocumentPdf(
  doc: DocumentData,
  language: Language,
  logo: PdfLogo | null = null,
  photos: PdfPhoto[] = [],
): Promise<Buffer> {
  return renderToBuffer(<DocumentPdf doc={doc} language={language} logo={logo} photos={photos} />);
}

export interface PdfFile {
  filename: string;
  body: Buffer;
}

/** A file name made of a document's number (anything but letters, digits, dot, dash and underscore becomes "_"). */
export const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;

/** The account's estimate as a PDF named after its number; undefined when there is no such estimate. */
export async function estimatePdf(accountId: string, estimateId: string): Promise<PdfFile | undefined> {
  const loaded = await loadEstimateDocument(accountId, estimateId);
  if (!loaded) return undefined;
  const { document, settings } = loaded;
  const photos = await pdfPhotos(accountId, { kind: "estimate", id: estimateId });
  return {
    filename: fileName(document.number),
    body: await renderDocumentPdf(document, settings.documentLanguage, pdfLogo(settings), photos),
  };
}

/** The account's invoice as a PDF named after its number; undefined when there is no such invoice. */
export async function invoicePdf(accountId: string, invoiceId: string): Promise<PdfFile | undefined> {
  const loaded = await loadInvoiceDocument(accountId, invoiceId);
  if (!loaded) return undefined;
  const { document, settings } = loaded;
  const photos = await pdfPhotos(accountId, { kind: "invoice", id: invoiceId });
  return {
    filename: fileName(document.number),
    body: await renderDocumentPdf(document, settings.documentLanguage, pdfLogo(settings), photos),
  };
}

/** The HTTP answer of a PDF download. */
export function pdfResponse(file: PdfFile): Response {
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Content-Length": String(file.body.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
