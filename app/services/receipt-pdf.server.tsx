// A payment's PDF receipt (docs/product/customers.md, "The customer hub"), in the account's
// document language, drawn with the estimate and invoice PDF's styles, header and footer
// (pdf.server.tsx): the same built-in Helvetica, nothing loaded at run time.
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { customerAddressLines } from "~/lib/invoice-document";
import { formatMoney } from "~/lib/money";
import { paymentReceipt, type ReceiptData, type ReceiptScope } from "~/models/receipt.server";
import { translate, type Language } from "~/infrastructure/i18n";
import type { KeyUnder } from "~/locales/keys";
import { fileName, PdfHeader, PdfFooter, pdfLogo, styles, type PdfFile, type PdfLogo } from "./pdf.server";

const PAID = "#15803d";

// What the receipt adds to the documents' styles: a column for the method and its reference.
const own = StyleSheet.create({
  cellMethod: { width: 130, paddingVertical: 6, paddingHorizontal: 8 },
});

function ReceiptPdf({ receipt, language, logo }: { receipt: ReceiptData; language: Language; logo: PdfLogo | null }) {
  const t = (key: KeyUnder<"receipt">, values: Record<string, string> = {}) => translate(language, `receipt.${key}`, values);
  const money = (cents: number) => formatMoney(cents, language, receipt.currency);
  // Capitals written out, as on the invoice: the text copies and searches as words.
  const caps = (text: string) => text.toLocaleUpperCase(language);
  const { payment, invoice } = receipt;
  const heading = t("title");
  const method = t(`methods.${payment.method}`);
  const received = formatDocumentDate(payment.receivedOn, language);
  const meta: [string, string][] = [
    [t("number"), receipt.number],
    [t("dateReceived"), received],
    [t("invoice"), invoice.number],
  ];

  return (
    <Document
      title={`${heading} ${receipt.number}`}
      author={receipt.company.name}
      subject={invoice.title}
      creator="TradeDesk"
      producer="TradeDesk"
      language={language}
    >
      <Page size="LETTER" style={styles.page}>
        <PdfHeader
          company={receipt.company}
          logo={logo}
          language={language}
          heading={heading}
          meta={meta}
          stamp={receipt.balanceAfter <= 0 ? { text: t("paidInFull"), color: PAID } : null}
        />

        <View style={styles.parties}>
          <View style={styles.party}>
            <Text style={styles.label}>{caps(t("receivedFrom"))}</Text>
            <Text style={styles.strong}>{receipt.customer.name}</Text>
            {customerAddressLines(receipt.customer).map((line) => (
              <Text key={line}>{line}</Text>
            ))}
          </View>
          <View style={styles.party}>
            <Text style={styles.label}>{caps(t("invoice"))}</Text>
            <Text style={styles.strong}>{invoice.number}</Text>
            <Text>{invoice.title}</Text>
          </View>
        </View>

        <View>
          <View style={styles.tableHeader}>
            <Text style={styles.cellDescription}>{t("description")}</Text>
            <Text style={own.cellMethod}>{t("method")}</Text>
            <Text style={styles.cellMoney}>{t("amount")}</Text>
          </View>
          <View style={styles.row} wrap={false}>
            <View style={styles.cellDescription}>
              <Text>{t("paymentOn", { number: invoice.number })}</Text>
              <Text style={styles.muted}>{received}</Text>
            </View>
            <View style={own.cellMethod}>
              <Text>{method}</Text>
              {payment.reference ? <Text style={styles.muted}>{t("reference", { reference: payment.reference })}</Text> : null}
            </View>
            <Text style={[styles.cellMoney, styles.strong]}>{money(payment.amount)}</Text>
          </View>
        </View>

        <View style={styles.totals} wrap={false}>
          <View style={styles.grandTotal}>
            <Text>{t("amountReceived")}</Text>
            <Text>{money(payment.amount)}</Text>
          </View>
          <View style={styles.totalsRow}>
            <Text style={styles.muted}>{t("invoiceTotal")}</Text>
            <Text>{money(invoice.total)}</Text>
          </View>
          <View style={styles.totalsRow}>
            <Text style={styles.muted}>{t("paidToDate")}</Text>
            <Text>{money(receipt.paidToDate)}</Text>
          </View>
          {/* Never a negative balance: money received above the total is the customer's credit. */}
          <View style={[styles.totalsRow, styles.strong]}>
            <Text>{t("balanceAfter")}</Text>
            <Text>{money(Math.max(0, receipt.balanceAfter))}</Text>
          </View>
          {receipt.balanceAfter < 0 ? (
            <View style={styles.totalsRow}>
              <Text style={styles.muted}>{t("credit")}</Text>
              <Text>{money(-receipt.balanceAfter)}</Text>
            </View>
          ) : null}
        </View>

        <Text style={styles.thanks}>{t("thankYou")}</Text>

        <PdfFooter company={receipt.company.name} number={receipt.number} language={language} />
      </Page>
    </Document>
  );
}

/** A receipt as PDF bytes, in the given language. */
export function renderReceiptPdf(receipt: ReceiptData, language: Language, logo: PdfLogo | null = null): Promise<Buffer> {
  return renderToBuffer(<ReceiptPdf receipt={receipt} language={language} logo={logo} />);
}

/**
 * The receipt of the account's payment within `scope` (the hub's customer, the shared invoice)
 * as a PDF named `Receipt-INV-0007-2.pdf` (in the document language); undefined when there is
 * no such payment there.
 */
export async function receiptPdf(accountId: string, paymentId: string, scope: ReceiptScope): Promise<PdfFile | undefined> {
  const loaded = await paymentReceipt(accountId, paymentId, scope);
  if (!loaded) return undefined;
  const { receipt, settings } = loaded;
  const language = settings.documentLanguage;
  return {
    filename: fileName(`${translate(language, "receipt.filePrefix")}-${receipt.number}`),
    body: await renderReceiptPdf(receipt, language, pdfLogo(settings)),
  };
}
