// The keys that name each piece of work for good (docs/decisions/014): written by the work
// kinds (app/services/work-kinds.server.ts) when they claim a piece, read back by the
// activity of an estimate or an invoice (app/lib/activity.ts) to tell which were done.
// One module, so the two can never disagree on a key's shape. Pure.

export const estimateFollowUpKey = (estimateId: string) => `estimate-follow-up:${estimateId}`;
export const estimateExpiryKey = (estimateId: string, validUntil: string) => `estimate-expiry:${estimateId}:${validUntil}`;
export const invoiceReminderKey = (invoiceId: string, step: number, dueDate: string) =>
  `invoice-reminder:${invoiceId}:${step}:${dueDate}`;
export const recurringInvoiceKey = (recurringInvoiceId: string, date: string) =>
  `recurring-invoice:${recurringInvoiceId}:${date}`;
/** The purge of expired sessions on a day (UTC): once a day, whatever the number of runs or runners. */
export const sessionsPurgeKey = (day: string) => `sessions-purge:${day}`;

/** What a key names, or null for a key of another kind (or not a key at all). */
export type WorkKey =
  | { kind: "estimate-follow-up"; documentId: string }
  | { kind: "estimate-expiry"; documentId: string; validUntil: string }
  | { kind: "invoice-reminder"; documentId: string; step: number; dueDate: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseWorkKey(key: string): WorkKey | null {
  const [kind, documentId, ...rest] = key.split(":");
  if (!documentId) return null;
  if (kind === "estimate-follow-up" && rest.length === 0) return { kind, documentId };
  if (kind === "estimate-expiry" && rest.length === 1 && DAY.test(rest[0])) return { kind, documentId, validUntil: rest[0] };
  if (kind === "invoice-reminder" && rest.length === 2 && /^-?\d+$/.test(rest[0]) && DAY.test(rest[1])) {
    return { kind, documentId, step: Number(rest[0]), dueDate: rest[1] };
  }
  return null;
}

/**
 * The key range that holds every piece of work about one estimate or invoice: the keys that
 * start with "<kind>:<id>:" or are "<kind>:<id>" itself, as `>= from and < to` (";" follows
 * ":" in code point order), which the primary key's index answers directly.
 */
export function workKeyRange(kind: WorkKey["kind"], documentId: string): { from: string; to: string } {
  return { from: `${kind}:${documentId}`, to: `${kind}:${documentId};` };
}
