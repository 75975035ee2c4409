// The terms a new account starts with, in each document language. Until the contractor edits
// them, the stored text is one of these, and documents print the one of the document language
// (a Spanish invoice never prints the English default). Edited terms print as typed.

export const DEFAULT_TERMS = {
  invoice: {
    // The same text as account_settings.invoice_terms' default (db/schema.ts).
    en: "Payment is due within 30 days of the invoice date. A service charge of 1.5% per month will be applied to late payments.",
    es: "El pago vence a los 30 días de la fecha de la factura. Se aplicará un recargo del 1.5% mensual a los pagos atrasados.",
  },
  estimate: {
    en: "This estimate is valid for 30 days from the date shown. Prices may change after that date.",
    es: "Este presupuesto es válido por 30 días a partir de la fecha indicada. Los precios pueden cambiar después de esa fecha.",
  },
} as const;

export type TermsKind = keyof typeof DEFAULT_TERMS;
export type TermsLanguage = "en" | "es";

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Defaults of earlier versions, still stored by accounts that saved them unedited: the Spanish
 * invoice terms wrote "1,5 %" before numbers in Spanish followed es-US like the rest of the app.
 */
const EARLIER_DEFAULTS: Record<TermsKind, readonly string[]> = {
  invoice: [
    "El pago vence a los 30 días de la fecha de la factura. Se aplicará un recargo del 1,5 % mensual a los pagos atrasados.",
  ],
  estimate: [],
};

/** Whether the stored text is still a default (in either language), not the contractor's own. */
export function isDefaultTerms(kind: TermsKind, stored: string): boolean {
  const text = normalize(stored);
  return [...Object.values(DEFAULT_TERMS[kind]), ...EARLIER_DEFAULTS[kind]].some((value) => value === text);
}

/** The terms to print: the default in the document language while it is a default, else the text as typed. */
export function termsFor(kind: TermsKind, stored: string, language: TermsLanguage): string {
  return isDefaultTerms(kind, stored) ? DEFAULT_TERMS[kind][language] : stored;
}
