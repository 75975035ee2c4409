// What an estimate or invoice document shows, built once from the records and the
// account's settings, and drawn twice: as HTML (preview and print page,
// components/document-view.tsx) and as PDF (services/pdf.server.tsx). Plain data, so a
// loader can send it to the browser.
import { estimateState, lastValidDay, type EstimateState } from "./estimate-dates";
import { effectiveStatus } from "./invoice-status";
import { formatDecimal, formatNumber } from "./money";
import { dayKey, now as clockNow } from "./clock";
import { termsFor, type TermsLanguage } from "./default-terms";

export interface DocumentCompany {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
}

export interface DocumentCustomer {
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
  email: string | null;
}

export interface DocumentLine {
  description: string;
  /** Hundredths (150 is 1.5). */
  quantity: number;
  /** Cents. */
  unitPrice: number;
  /** Cents. */
  total: number;
  taxable: boolean;
  /** Hundredths of a percent (1250 is 12.5%). */
  discountPercent: number;
  /** An optional line not (yet) chosen by the customer: shown, counted in no total. */
  optional: boolean;
}

/** What a line says under its description: its discount, that it is not taxed, that it is optional (dictionary keys of invoices.document). */
export function lineMarks(line: Pick<DocumentLine, "taxable" | "discountPercent" | "optional">): {
  key: "discount" | "notTaxed" | "optionalLine";
  values?: { percent: string };
}[] {
  const marks: ReturnType<typeof lineMarks> = [];
  if (line.optional) marks.push({ key: "optionalLine" });
  if (line.discountPercent > 0) marks.push({ key: "discount", values: { percent: formatRatePercent(line.discountPercent) } });
  if (!line.taxable) marks.push({ key: "notTaxed" });
  return marks;
}

/** The deposit an estimate asks, and what was received of it (cents; the percent in hundredths, when asked as one). */
export interface DocumentDeposit {
  asked: number;
  received: number;
  percent: number | null;
}

export interface DocumentData {
  kind: "estimate" | "invoice";
  id: string;
  number: string;
  title: string;
  description: string | null;
  /** Estimate status, or the invoice status as it reads on the day the document is made. */
  status: string;
  /** `yyyy-MM-dd` days. */
  issuedOn: string;
  validUntil: string | null;
  /** An estimate's last valid day: its valid-until, else its date plus `validDays`. Null on an invoice. */
  validThrough: string | null;
  dueDate: string | null;
  paidOn: string | null;
  /** Estimates without a valid-until date are valid this many days from their date. */
  validDays: number;
  paymentDays: number;
  customer: DocumentCustomer;
  jobTitle: string | null;
  lines: DocumentLine[];
  subtotal: number;
  /** Ten-thousandths (825 is 8.25%). */
  taxRate: number;
  taxAmount: number;
  total: number;
  notes: string | null;
  /** The account's estimate or invoice terms, as typed in the settings. */
  terms: string;
  company: DocumentCompany;
  currency: string;
  /** Estimates that ask a deposit (docs/decisions/017). */
  deposit?: DocumentDeposit | null;
  /** Invoices: what was received so far (payments, deposits carried), in cents. */
  amountPaid?: number;
  /** Estimates the customer approved on their page: the typed signature and the day, printed on the acceptance lines. */
  acceptance?: { by: string; on: string } | null;
  /** The photos marked for the customer (at most 6, in order), with addresses under the page's link (docs/product/files.md). */
  photos?: DocumentPhoto[];
}

/** A photo on a document: its display copy and its full copy, its size once upright, its caption. */
export interface DocumentPhoto {
  id: string;
  caption: string | null;
  width: number | null;
  height: number | null;
  displayUrl: string;
  fullUrl: string;
}

/**
 * The figure a document ends on. An invoice with nothing received asks its total ("Amount
 * due"); once something is received it shows the total, what was paid and the balance due
 * (never below zero, as the e-mail says). Estimates and untouched paid invoices end on "Total".
 */
export function documentSettlement(doc: DocumentData): {
  grandLabel: "total" | "amountDue";
  paid: { amount: number; balance: number } | null;
} {
  const paid = doc.kind === "invoice" ? (doc.amountPaid ?? 0) : 0;
  if (paid > 0) return { grandLabel: "total", paid: { amount: paid, balance: Math.max(0, doc.total - paid) } };
  return { grandLabel: doc.kind === "invoice" && doc.status !== "paid" ? "amountDue" : "total", paid: null };
}

export interface DocumentSettings {
  companyName: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  currency: string;
  estimateValidDays: number;
  estimateTerms: string;
  invoiceTerms: string;
  timeZone: string | null;
  /** The language documents are written in: default terms print in it. */
  documentLanguage?: TermsLanguage;
}

interface SourceDocument {
  id: string;
  title: string;
  description: string | null;
  status: string;
  subtotal: number;
  taxRate: number;
  taxAmount: number;
  total: number;
  notes: string | null;
  createdAt: Date;
  customer: DocumentCustomer;
  job: { title: string } | null;
  items: (Omit<DocumentLine, "taxable" | "discountPercent" | "optional"> &
    Partial<Pick<DocumentLine, "taxable" | "discountPercent" | "optional">>)[];
}

/** The company as a document prints it, from the account's settings. */
export function documentCompany(
  settings: Pick<DocumentSettings, "companyName" | "address" | "phone" | "email" | "website">,
): DocumentCompany {
  return {
    name: settings.companyName,
    address: settings.address,
    phone: settings.phone,
    email: settings.email,
    website: settings.website,
  };
}

function common(source: SourceDocument, settings: DocumentSettings) {
  return {
    id: source.id,
    title: source.title,
    description: source.description,
    issuedOn: dayKey(source.createdAt, settings.timeZone),
    customer: {
      name: source.customer.name,
      address: source.customer.address,
      city: source.customer.city,
      state: source.customer.state,
      zipCode: source.customer.zipCode,
      phone: source.customer.phone,
      email: source.customer.email,
    },
    jobTitle: source.job?.title ?? null,
    lines: source.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      total: item.total,
      taxable: item.taxable ?? true,
      discountPercent: item.discountPercent ?? 0,
      optional: item.optional ?? false,
    })),
    subtotal: source.subtotal,
    taxRate: source.taxRate,
    taxAmount: source.taxAmount,
    total: source.total,
    notes: source.notes,
    company: documentCompany(settings),
    currency: settings.currency,
    validDays: settings.estimateValidDays,
    paymentDays: 30,
  };
}

export function estimateDocument(
  estimate: SourceDocument & {
    estimateNumber: string;
    validUntil: string | null;
    customerSignature?: string | null;
    respondedAt?: Date | null;
    approvedAt?: Date | null;
  },
  settings: DocumentSettings,
  deposit: DocumentDeposit | null = null,
  today = dayKey(clockNow(), settings.timeZone),
): DocumentData {
  const signedAt = estimate.respondedAt ?? estimate.approvedAt;
  const validThrough = lastValidDay(estimate, settings);
  return {
    ...common(estimate, settings),
    acceptance:
      estimate.status === "approved" && estimate.customerSignature && signedAt
        ? { by: estimate.customerSignature, on: dayKey(signedAt, settings.timeZone) }
        : null,
    deposit: deposit && (deposit.asked > 0 || deposit.received > 0) ? deposit : null,
    kind: "estimate",
    number: estimate.estimateNumber,
    // Pending past its last valid day reads expired, as on the list and the customer's page.
    status: estimateState(estimate.status as EstimateState, today, validThrough),
    validUntil: estimate.validUntil,
    validThrough,
    dueDate: null,
    paidOn: null,
    terms: termsFor("estimate", settings.estimateTerms, settings.documentLanguage ?? "en"),
  };
}

export function invoiceDocument(
  invoice: SourceDocument & { invoiceNumber: string; dueDate: string | null; paidDate: Date | null; amountPaid?: number },
  settings: DocumentSettings,
  today = dayKey(clockNow(), settings.timeZone),
): DocumentData {
  return {
    ...common(invoice, settings),
    amountPaid: invoice.amountPaid ?? 0,
    kind: "invoice",
    number: invoice.invoiceNumber,
    status: effectiveStatus(invoice, today),
    validUntil: null,
    validThrough: null,
    dueDate: invoice.dueDate,
    paidOn: invoice.paidDate ? dayKey(invoice.paidDate, settings.timeZone) : null,
    terms: termsFor("invoice", settings.invoiceTerms, settings.documentLanguage ?? "en"),
  };
}

/** The customer's address lines: street, then "City, ST 12345". */
export function customerAddressLines(customer: DocumentCustomer): string[] {
  const cityLine = [customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [customer.address, cityLine].filter((line): line is string => Boolean(line));
}

/** A quantity for people: 150 hundredths is "1.5", 200 is "2". */
export function formatQuantity(hundredths: number, language = "en"): string {
  return formatNumber(formatDecimal(hundredths, 2), language);
}

/** A tax rate in percent for people: 825 is "8.25", 800 is "8", 750 is "7.5". */
export function formatRatePercent(rate: number): string {
  return formatDecimal(rate, 2).replace(/\.?0+$/, "");
}
