// Outgoing e-mail: nodemailer over SMTP_URL; without it (development),
// each message is written to data/outbox/ as an .eml file that any mail program opens.
// The estimate and invoice e-mails are composed here too, in the account's document language,
// in one layout (app/components/document-mail.tsx) with a plain-text part.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DocumentMail, documentMailText, type DocumentMailParts } from "~/components/document-mail";
import type { DocumentData } from "~/lib/invoice-document";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { formatMoney } from "~/lib/money";
import { loadEstimateDocument, loadInvoiceDocument, type LoadedDocument } from "~/models/document.server";
import { getInvoiceWithItems, markInvoiceSent } from "~/models/invoice.server";
import { getOrCreateInvoiceShareLink, invoiceShareUrl } from "~/models/invoice-share.server";
import { markEstimateSent } from "~/models/estimate.server";
import { getOrCreateShareLink, shareUrl } from "~/models/share.server";
import { apiError, json } from "./api.server";
import { env } from "~/infrastructure/env.server";
import { translate, type Language } from "~/infrastructure/i18n";
import type { KeyUnder } from "~/locales/keys";
import { pdfLogo, renderDocumentPdf } from "./pdf.server";
import { pdfPhotos } from "~/models/document-photos.server";
import { cardPaymentsEnabled } from "./stripe.server";

export interface Mailbox {
  name: string;
  address: string;
}

export interface OutgoingMail {
  from: Mailbox;
  replyTo?: string;
  to: Mailbox;
  subject: string;
  text: string;
  html: string;
  language: Language;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export type MailDelivery = { via: "smtp"; messageId: string } | { via: "outbox"; file: string };

/** Why a message did not go out; `kind` picks the explanation shown to the contractor. */
export type MailErrorKind = "connection" | "auth" | "recipient" | "rejected" | "sender" | "outbox";

export class MailError extends Error {
  constructor(
    readonly kind: MailErrorKind | "unknown",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MailError";
  }
}

/** English explanations, for the API and the logs (the screens translate `kind`). */
const MESSAGES: Record<MailErrorKind, string> = {
  connection: "Could not reach the mail server. Please try again later.",
  auth: "The mail server refused the sign-in. Check SMTP_URL.",
  recipient: "The mail server refused the recipient address.",
  rejected: "The mail server refused the message.",
  sender: "There is no sender address: set the company email in Settings.",
  outbox: "The email could not be saved to data/outbox/.",
};

/** A nodemailer failure as a MailError that says what went wrong without a stack trace. */
function mailError(error: unknown): MailError {
  const code = (error as { code?: string }).code;
  const responseCode = (error as { responseCode?: number }).responseCode;
  let kind: MailErrorKind | "unknown" = "unknown";
  if (code === "EAUTH" || code === "ENOAUTH") kind = "auth";
  else if (code === "EENVELOPE" || code === "ENORECIPIENTS") kind = "recipient";
  else if (
    code === "ECONNECTION" ||
    code === "ETIMEDOUT" ||
    code === "ESOCKET" ||
    code === "EDNS" ||
    code === "ETLS" ||
    code === "EGREETING"
  )
    kind = "connection";
  else if (code === "EMESSAGE" || (responseCode !== undefined && responseCode >= 400)) kind = "rejected";
  const base = kind === "unknown" ? "Failed to send estimate." : MESSAGES[kind];
  const server = (error as { response?: string }).response;
  return new MailError(kind, server ? `${base} (${server})` : base, { cause: error });
}

/** The folder unsent mail is written to (relative paths in toasts are relative to the working directory). */
export const outboxDir = () => path.resolve(process.cwd(), "data/outbox");

function envelope(mail: OutgoingMail) {
  return {
    from: { name: mail.from.name, address: mail.from.address },
    replyTo: mail.replyTo,
    to: { name: mail.to.name, address: mail.to.address },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { "Content-Language": mail.language },
    attachments: mail.attachments,
  };
}

/**
 * Sends a message through SMTP_URL, or, when none is configured, writes it to
 * data/outbox/ and says where. Failures are MailErrors.
 */
export async function sendMail(mail: OutgoingMail, options: { smtpUrl?: string; outbox?: string } = {}): Promise<MailDelivery> {
  const smtpUrl = options.smtpUrl ?? env().SMTP_URL;
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // A mail server that does not answer must not hold the contractor's request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    try {
      const info = await transport.sendMail(envelope(mail));
      return { via: "smtp", messageId: String(info.messageId ?? "") };
    } catch (error) {
      throw mailError(error);
    } finally {
      transport.close();
    }
  }
  const dir = options.outbox ?? outboxDir();
  try {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    const info = await transport.sendMail(envelope(mail));
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const label = mail.attachments[0]?.filename.replace(/\.[^.]+$/, "") ?? "message";
    const file = path.join(dir, `${stamp}-${label}-${Math.random().toString(36).slice(2, 8)}.eml`);
    await writeFile(file, info.message as Buffer);
    return { via: "outbox", file: path.relative(process.cwd(), file) || file };
  } catch (error) {
    throw new MailError("outbox", MESSAGES.outbox, { cause: error });
  }
}

/** The address mail is sent from: MAIL_FROM's address when set, else the company e-mail; always under the company's name. */
export function senderOf(settings: { companyName: string; email: string }): Mailbox | null {
  const configured = env().MAIL_FROM?.trim();
  const fromEnv = configured ? (/<([^<>\s]+@[^<>\s]+)>/.exec(configured)?.[1] ?? configured) : "";
  const address = (fromEnv || settings.email).trim();
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address)) return null;
  return { name: settings.companyName.trim() || "TradeDesk", address };
}

export const formatMailbox = (mailbox: Mailbox) => `${mailbox.name} <${mailbox.address}>`;

/** The sender of the app's own notices (not a contractor's documents): MAIL_FROM when it is set, else no-reply at the app's host. */
export function systemSender(origin: string): Mailbox {
  const configured = env().MAIL_FROM?.trim();
  const address = configured
    ? (/<([^<>\s]+@[^<>\s]+)>/.exec(configured)?.[1] ?? configured)
    : `no-reply@${new URL(origin).hostname}`;
  return { name: "TradeDesk", address };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A notice written as plain text, with an HTML part of one paragraph per line (escaped). */
export function textNotice(language: Language, subject: string, text: string) {
  const paragraphs = text
    .split("\n")
    .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : ""))
    .join("");
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphs}</body></html>`;
  return { subject, text, html };
}

/**
 * Subject, plain text and HTML of a document e-mail (an estimate, an invoice, their reminders):
 * one layout, `DocumentMail`, rendered to static markup (React escapes the text), and the
 * plain-text part from the same parts.
 */
export function renderDocumentMail(parts: DocumentMailParts) {
  const html = `<!doctype html>${renderToStaticMarkup(createElement(DocumentMail, parts))}`;
  return { subject: parts.subject, text: documentMailText(parts), html };
}

interface EstimateMailContent {
  language: Language;
  company: { name: string; phone: string; email: string };
  customerName: string;
  number: string;
  title: string;
  total: number;
  currency: string;
  issuedOn: string;
  validUntil: string | null;
  validDays: number;
  link: string;
  /** A reminder sent by the work runner: the follow-up of an unanswered estimate, or its coming expiry. */
  reminder?: EstimateReminder;
}

export type EstimateReminder = "followUp" | "expiry";

/** Subject, text and HTML of the estimate e-mail, in the document language. */
export function estimateMail(content: EstimateMailContent) {
  const { language: lang } = content;
  const t = (key: KeyUnder<"share.email">, values: Record<string, string> = {}) => translate(lang, `share.email.${key}`, values);
  const total = t("total", { total: formatMoney(content.total, lang, content.currency) });
  const validity = content.validUntil
    ? t("validUntil", { date: formatDocumentDate(content.validUntil, lang) })
    : t("validForDays", { days: String(content.validDays), date: formatDocumentDate(content.issuedOn, lang) });
  const greeting = t("greeting", { name: content.customerName });
  const expires = content.validUntil ? formatDocumentDate(content.validUntil, lang) : "";
  const intro = t(content.reminder ? `${content.reminder}Intro` : "intro", {
    number: content.number,
    title: content.title,
    date: expires,
  });
  const questions = content.company.phone ? t("questions", { phone: content.company.phone }) : t("questionsNoPhone");
  const signature = [content.company.name, content.company.phone, content.company.email].filter(Boolean);
  const subject = t(content.reminder ? `${content.reminder}Subject` : "subject", {
    number: content.number,
    company: content.company.name,
    date: expires,
  });
  return renderDocumentMail({
    lang,
    subject,
    greeting,
    intro,
    highlight: [total, validity],
    cta: t("cta"),
    button: t("button"),
    link: content.link,
    attached: t("attached"),
    questions,
    closing: t("closing"),
    signature,
  });
}

/**
 * Sends a document's e-mail to its customer with the document as a PDF attachment, then
 * records that it was sent (`sent`, only after the mail server took it). Failures are answers,
 * never throws.
 */
async function deliverDocumentMail(
  mail: {
    document: DocumentData;
    settings: LoadedDocument["settings"];
    from: Mailbox;
    recipient: string;
    content: { subject: string; text: string; html: string };
    language: Language;
    failed: string;
  },
  sent: () => Promise<void>,
): Promise<SendInvoiceResult> {
  const { document, settings, from, recipient, language } = mail;
  try {
    const photos = await pdfPhotos(settings.accountId, { kind: document.kind, id: document.id });
    const pdf = await renderDocumentPdf(document, language, pdfLogo(settings), photos);
    const delivery = await sendMail({
      from,
      replyTo: settings.email && settings.email !== from.address ? settings.email : undefined,
      to: { name: document.customer.name, address: recipient },
      ...mail.content,
      language,
      attachments: [
        { filename: `${document.number.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`, content: pdf, contentType: "application/pdf" },
      ],
    });
    await sent();
    return { status: "sent", sender: formatMailbox(from), recipient, delivery };
  } catch (error) {
    if (error instanceof MailError) return { status: "failed", error };
    console.error(mail.failed, error);
    return { status: "failed", error: new MailError("unknown", mail.failed, { cause: error }) };
  }
}

export type SendInvoiceResult =
  | { status: "not-found" }
  | { status: "no-email" }
  | { status: "failed"; error: MailError }
  | { status: "sent"; sender: string; recipient: string; delivery: MailDelivery };

export type SendEstimateResult =
  | SendInvoiceResult
  /** Past its last valid day (`validThrough`) unanswered: the customer could no longer approve it. */
  | { status: "expired"; validThrough: string };

/**
 * E-mails the account's estimate to its customer: a short message with the total, the
 * validity and the link to approve it online, and the PDF attached. Nothing about the
 * estimate changes, whether the message goes out or not. An expired estimate is not sent:
 * its link would only say so.
 */
export async function sendEstimateEmail(
  accountId: string,
  estimateId: string,
  options: { origin: string; reminder?: EstimateReminder; by?: string },
): Promise<SendEstimateResult> {
  const loaded = await loadEstimateDocument(accountId, estimateId);
  if (!loaded) return { status: "not-found" };
  const { document, settings } = loaded;
  if (document.status === "expired" && document.validThrough) return { status: "expired", validThrough: document.validThrough };
  const recipient = document.customer.email?.trim();
  if (!recipient) return { status: "no-email" };
  const from = senderOf(settings);
  if (!from) return { status: "failed", error: new MailError("sender", MESSAGES.sender) };
  const shared = await getOrCreateShareLink(accountId, estimateId, options.by ?? null);
  if (!shared) return { status: "not-found" };
  const language = settings.documentLanguage;
  const content = estimateMail({
    language,
    company: { name: from.name, phone: settings.phone, email: settings.email },
    customerName: document.customer.name,
    number: document.number,
    title: document.title,
    total: document.total,
    currency: document.currency,
    issuedOn: document.issuedOn,
    validUntil: document.validUntil,
    validDays: document.validDays,
    link: shareUrl(options.origin, shared.link.token),
    reminder: options.reminder,
  });
  return deliverDocumentMail({ document, settings, from, recipient, content, language, failed: "Failed to send estimate." }, () =>
    markEstimateSent(accountId, estimateId, recipient, { by: options.by }),
  );
}

export interface InvoiceMailContent {
  language: Language;
  company: { name: string; phone: string; email: string };
  customerName: string;
  number: string;
  title: string;
  /** What is still owed (the balance due), in cents. */
  amountDue: number;
  currency: string;
  dueDate: string | null;
  link: string;
  /** "Pay now" is on the page the link opens. */
  payByCard: boolean;
  /** A payment reminder (app/lib/reminders.ts): days from the due date. */
  reminderStep?: number;
}

/** Subject, text and HTML of the invoice e-mail, in the document language. */
export function invoiceMail(content: InvoiceMailContent) {
  const { language: lang } = content;
  const t = (key: KeyUnder<"invoices.email">, values: Record<string, string> = {}) =>
    translate(lang, `invoices.email.${key}`, values);
  const shared = (key: KeyUnder<"share.email">, values: Record<string, string> = {}) =>
    translate(lang, `share.email.${key}`, values);
  const dueOn = content.dueDate ? formatDocumentDate(content.dueDate, lang) : "";
  const reminder =
    content.reminderStep === undefined
      ? null
      : content.reminderStep < 0
        ? "reminderBefore"
        : content.reminderStep === 0
          ? "reminderToday"
          : "reminderAfter";
  const names = { number: content.number, company: content.company.name, title: content.title, date: dueOn };
  const subject = t(reminder ? `${reminder}Subject` : "subject", names);
  const greeting = t("greeting", { name: content.customerName });
  const intro = t(reminder ? `${reminder}Intro` : "intro", names);
  const amount = t("amountDue", { amount: formatMoney(content.amountDue, lang, content.currency) });
  const due = content.dueDate ? t("dueBy", { date: formatDocumentDate(content.dueDate, lang) }) : t("dueOnReceipt");
  const cta = t(content.payByCard ? "ctaPay" : "cta");
  const button = t(content.payByCard ? "buttonPay" : "button");
  const questions = content.company.phone ? shared("questions", { phone: content.company.phone }) : shared("questionsNoPhone");
  const signature = [content.company.name, content.company.phone, content.company.email].filter(Boolean);
  return renderDocumentMail({
    lang,
    subject,
    greeting,
    intro,
    highlight: [amount, due],
    cta,
    button,
    link: content.link,
    attached: t("attached"),
    questions,
    closing: shared("closing"),
    signature,
  });
}

/**
 * E-mails the account's invoice to its customer: the amount still due, the due date, the
 * link to the invoice page (where "Pay now" is, when card payments are set up) and the PDF
 * attached. The invoice remembers it was sent (reminders go only to invoices that were).
 */
export async function sendInvoiceEmail(
  accountId: string,
  invoiceId: string,
  options: { origin: string; reminderStep?: number; by?: string },
): Promise<SendInvoiceResult> {
  const loaded = await loadInvoiceDocument(accountId, invoiceId);
  if (!loaded) return { status: "not-found" };
  const { document, settings } = loaded;
  const recipient = document.customer.email?.trim();
  if (!recipient) return { status: "no-email" };
  const from = senderOf(settings);
  if (!from) return { status: "failed", error: new MailError("sender", MESSAGES.sender) };
  const shared = await getOrCreateInvoiceShareLink(accountId, invoiceId, options.by ?? null);
  const invoice = await getInvoiceWithItems(accountId, invoiceId);
  if (!shared || !invoice) return { status: "not-found" };
  const language = settings.documentLanguage;
  const amountDue = Math.max(0, invoice.total - invoice.amountPaid);
  const content = invoiceMail({
    language,
    company: { name: from.name, phone: settings.phone, email: settings.email },
    customerName: document.customer.name,
    number: document.number,
    title: document.title,
    amountDue,
    currency: document.currency,
    dueDate: invoice.dueDate,
    link: invoiceShareUrl(options.origin, shared.link.token),
    payByCard: cardPaymentsEnabled() && amountDue > 0,
    reminderStep: options.reminderStep,
  });
  return deliverDocumentMail({ document, settings, from, recipient, content, language, failed: "Failed to send invoice." }, () =>
    markInvoiceSent(accountId, invoiceId, recipient, { by: options.by }),
  );
}

/**
 * The API's answer to a document sent by e-mail (POST /api/estimates/{id}/send and
 * /api/invoices/{id}/send): `{ sender, recipient }` (and `outbox` when no SMTP_URL is set);
 * 400 without a customer e-mail or a sender, or for an expired estimate; 404 for another account's document; 502 with
 * the reason when the mail server refuses.
 */
export function sendAnswer(result: SendEstimateResult, failed: string): Response {
  switch (result.status) {
    case "not-found":
      return apiError(404, "Not found");
    case "no-email":
      return apiError(400, "Customer email required");
    case "expired":
      return apiError(400, `Estimate expired on ${result.validThrough}: set a later validUntil to send it`);
    case "failed":
      return apiError(result.error.kind === "sender" ? 400 : 502, result.error.message || failed);
    case "sent":
      return json({
        sender: result.sender,
        recipient: result.recipient,
        ...(result.delivery.via === "outbox" ? { outbox: result.delivery.file } : {}),
      });
  }
}
