import { describe, expect, it } from "vitest";
import {
  decisionEvents,
  depositEvents,
  documentEvents,
  estimateDecision,
  invoicedEvents,
  lateChargeEvents,
  mergeActivity,
  paidEvents,
  paymentEvents,
  shareLinkEvents,
  workEvents,
  type ActivityEvent,
} from "./activity";
import { estimateExpiryKey, estimateFollowUpKey, invoiceReminderKey, parseWorkKey, workKeyRange } from "./work-keys";

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => new Date(iso).getTime();
const types = (events: ActivityEvent[]) => events.map((event) => event.type);

describe("mergeActivity", () => {
  it("puts every source's events in the order they happened, oldest first", () => {
    const merged = mergeActivity([
      documentEvents({ createdAt: at("2026-03-01T10:00:00Z"), sentAt: at("2026-03-01T11:00:00Z"), sentTo: "ana@example.com" }),
      paymentEvents([
        { id: "p2", amount: 5_000, method: "cash", receivedAt: at("2026-03-09T12:00:00Z"), reference: null },
        { id: "p1", amount: 20_000, method: "check", receivedAt: at("2026-03-05T12:00:00Z"), reference: "1042" },
      ]),
      shareLinkEvents({
        createdAt: at("2026-03-01T11:00:00Z"),
        viewCount: 3,
        firstViewedAt: at("2026-03-02T08:00:00Z"),
        lastViewedAt: at("2026-03-08T08:00:00Z"),
      }),
    ]);
    expect(merged.map((event) => [event.type, event.at])).toEqual([
      ["created", ms("2026-03-01T10:00:00Z")],
      // Sent and the link made at one instant: the sources' order decides.
      ["sent", ms("2026-03-01T11:00:00Z")],
      ["linkCreated", ms("2026-03-01T11:00:00Z")],
      ["viewed", ms("2026-03-02T08:00:00Z")],
      ["payment", ms("2026-03-05T12:00:00Z")],
      ["lastViewed", ms("2026-03-08T08:00:00Z")],
      ["payment", ms("2026-03-09T12:00:00Z")],
    ]);
    expect(merged[1]).toMatchObject({ type: "sent", to: "ana@example.com" });
    expect(merged[4]).toMatchObject({ amount: 20_000, method: "check", reference: "1042" });
  });

  it("keeps one event per id (the first source's) and drops events without a time", () => {
    const payment: ActivityEvent = {
      id: "payment:p1",
      at: 10,
      type: "payment",
      amount: 100,
      method: "card",
      reference: null,
    };
    const merged = mergeActivity([[payment], [{ ...payment, amount: 999 }], [{ id: "x", at: Number.NaN, type: "paid" }]]);
    expect(merged).toEqual([payment]);
  });

  it("puts an event stamped a moment before the creation after it, one long before where it was", () => {
    const created = ms("2026-03-01T10:00:00Z");
    const merged = mergeActivity([
      documentEvents({ createdAt: created, sentAt: null, sentTo: null }),
      // Created already approved: the app's clock stamped the approval 3 ms before the database stamped the row.
      [{ id: "approved", at: created - 3, type: "approved", by: null }],
      // A deposit paid on the estimate, weeks before its invoice.
      paymentEvents([{ id: "d", amount: 100, method: "card", receivedAt: created - 20 * 86_400_000, reference: null }]),
    ]);
    expect(types(merged)).toEqual(["payment", "created", "approved"]);
    // Its time stays its own.
    expect(merged[2].at).toBe(created - 3);
  });

  it("is empty for no sources, or sources with nothing", () => {
    expect(mergeActivity([])).toEqual([]);
    expect(mergeActivity([[], shareLinkEvents(null), invoicedEvents(null)])).toEqual([]);
  });
});

describe("the sources", () => {
  it("a document not sent yet is only created; one made from an estimate says which", () => {
    expect(types(documentEvents({ createdAt: at("2026-03-01T10:00:00Z"), sentAt: null, sentTo: null }))).toEqual(["created"]);
    expect(
      documentEvents({ createdAt: at("2026-03-01T10:00:00Z"), sentAt: null, sentTo: null, fromEstimate: "EST-0004" })[0],
    ).toMatchObject({ type: "created", fromEstimate: "EST-0004" });
  });

  it("a link never opened is only made; opened once has no separate last view", () => {
    const link = { createdAt: at("2026-03-01T00:00:00Z"), viewCount: 0, firstViewedAt: null, lastViewedAt: null };
    expect(types(shareLinkEvents(link))).toEqual(["linkCreated"]);
    const once = { ...link, viewCount: 1, firstViewedAt: at("2026-03-02T00:00:00Z"), lastViewedAt: at("2026-03-02T00:00:00Z") };
    expect(shareLinkEvents(once)).toEqual([
      { id: "link-created", at: ms("2026-03-01T00:00:00Z"), type: "linkCreated" },
      { id: "viewed", at: ms("2026-03-02T00:00:00Z"), type: "viewed", count: 1 },
    ]);
  });

  it("an approval with its signer, a decline with the name and reason, nothing while pending", () => {
    const base = { approvedAt: null, respondedAt: null, customerSignature: null, customerResponse: null };
    expect(decisionEvents({ ...base, status: "pending" })).toEqual([]);
    expect(
      decisionEvents({
        ...base,
        status: "approved",
        approvedAt: at("2026-03-04T15:00:00Z"),
        respondedAt: at("2026-03-04T15:00:00Z"),
        customerSignature: "Ana García",
      }),
    ).toEqual([{ id: "approved", at: ms("2026-03-04T15:00:00Z"), type: "approved", by: "Ana García" }]);
    expect(
      decisionEvents({
        ...base,
        status: "rejected",
        respondedAt: at("2026-03-04T15:00:00Z"),
        customerSignature: "Bo",
        customerResponse: "Too dear",
      }),
    ).toEqual([{ id: "declined", at: ms("2026-03-04T15:00:00Z"), type: "declined", by: "Bo", reason: "Too dear" }]);
    // Approved by the contractor in the app: no signer; declined by hand long ago: no time, no event.
    expect(decisionEvents({ ...base, status: "approved", approvedAt: at("2026-03-04T15:00:00Z") })[0]).toMatchObject({
      by: null,
    });
    expect(decisionEvents({ ...base, status: "rejected" })).toEqual([]);
    expect(estimateDecision({ ...base, status: "rejected" })).toEqual({ status: "rejected", at: null, by: null, response: null });
  });

  it("an estimate's deposits; on its invoice, the payment that carries one says it is the deposit", () => {
    const deposit = {
      id: "d1",
      amount: 25_000,
      method: "card" as const,
      receivedAt: at("2026-03-05T10:00:00Z"),
      reference: "cs_1",
    };
    expect(depositEvents([deposit, { ...deposit, id: "d2", receivedAt: null }])).toEqual([
      { id: "deposit:d1", at: ms("2026-03-05T10:00:00Z"), type: "deposit", amount: 25_000, method: "card", reference: "cs_1" },
    ]);
    const payments = [
      { ...deposit, id: "p1", depositId: "d1" },
      {
        id: "p2",
        amount: 5_000,
        method: "cash" as const,
        receivedAt: at("2026-03-09T10:00:00Z"),
        reference: null,
        depositId: null,
      },
    ];
    expect(paymentEvents(payments).map((event) => [event.id, event.type])).toEqual([
      ["payment:p1", "deposit"],
      ["payment:p2", "payment"],
    ]);
  });

  it("each late charge added, with its amount and month past due, when it was added", () => {
    const charges = [
      { id: "c1", amount: 1_500, month: 1, createdAt: at("2026-05-01T08:00:00Z") },
      { id: "c2", amount: 1_523, month: 2, createdAt: ms("2026-06-01T08:00:00Z") },
      { id: "c3", amount: 1_600, month: 3, createdAt: null },
    ];
    expect(lateChargeEvents(charges)).toEqual([
      { id: "late-charge:c1", at: ms("2026-05-01T08:00:00Z"), type: "lateCharge", amount: 1_500, month: 1 },
      { id: "late-charge:c2", at: ms("2026-06-01T08:00:00Z"), type: "lateCharge", amount: 1_523, month: 2 },
    ]);
    expect(lateChargeEvents([])).toEqual([]);
  });

  it("paid in full only while the invoice is paid", () => {
    expect(paidEvents({ status: "paid", paidDate: at("2026-03-09T12:00:00Z") })).toEqual([
      { id: "paid", at: ms("2026-03-09T12:00:00Z"), type: "paid" },
    ]);
    // A payment deleted since: pending again, the paid date cleared.
    expect(paidEvents({ status: "pending", paidDate: null })).toEqual([]);
  });

  it("reminders and follow-ups from the work claims done for this document only", () => {
    const invoiceId = "inv-1";
    const claims = [
      { key: invoiceReminderKey(invoiceId, -3, "2026-03-31"), doneAt: at("2026-03-28T09:00:00Z") },
      { key: invoiceReminderKey(invoiceId, 7, "2026-03-31"), doneAt: at("2026-04-07T09:01:00Z") },
      // Claimed and never done (its runner is still at it, or failed): not sent.
      { key: invoiceReminderKey(invoiceId, 14, "2026-03-31"), doneAt: null },
      // Another invoice whose id starts the same way, and a key of another kind.
      { key: invoiceReminderKey("inv-10", 0, "2026-03-31"), doneAt: at("2026-03-31T09:00:00Z") },
      { key: "recurring-invoice:inv-1:2026-04", doneAt: at("2026-04-01T09:00:00Z") },
    ];
    expect(workEvents(invoiceId, claims)).toEqual([
      { id: claims[0].key, at: ms("2026-03-28T09:00:00Z"), type: "reminder", step: -3 },
      { id: claims[1].key, at: ms("2026-04-07T09:01:00Z"), type: "reminder", step: 7 },
    ]);
    expect(
      workEvents("est-1", [
        { key: estimateFollowUpKey("est-1"), doneAt: 1_000 },
        { key: estimateExpiryKey("est-1", "2026-05-01"), doneAt: 2_000 },
      ]),
    ).toEqual([
      { id: "estimate-follow-up:est-1", at: 1_000, type: "followUp" },
      { id: "estimate-expiry:est-1:2026-05-01", at: 2_000, type: "expiryReminder", validUntil: "2026-05-01" },
    ]);
  });
});

describe("work keys", () => {
  it("read back what the work kinds write", () => {
    expect(parseWorkKey(invoiceReminderKey("a", -3, "2026-01-31"))).toEqual({
      kind: "invoice-reminder",
      documentId: "a",
      step: -3,
      dueDate: "2026-01-31",
    });
    expect(parseWorkKey(estimateFollowUpKey("b"))).toEqual({ kind: "estimate-follow-up", documentId: "b" });
    expect(parseWorkKey(estimateExpiryKey("c", "2026-02-01"))).toEqual({
      kind: "estimate-expiry",
      documentId: "c",
      validUntil: "2026-02-01",
    });
    for (const bad of ["", "invoice-reminder", "invoice-reminder:a:x:2026-01-31", "estimate-expiry:a:soon", "other:a"]) {
      expect(parseWorkKey(bad)).toBeNull();
    }
  });

  it("one document's keys sort inside its range, other documents' outside", () => {
    const { from, to } = workKeyRange("invoice-reminder", "inv-1");
    const inside = (key: string) => key >= from && key < to;
    expect(inside(invoiceReminderKey("inv-1", -30, "2026-01-01"))).toBe(true);
    expect(inside(invoiceReminderKey("inv-1", 90, "2026-12-31"))).toBe(true);
    expect(inside(invoiceReminderKey("inv-2", 0, "2026-01-01"))).toBe(false);
    expect(inside(estimateFollowUpKey("inv-1"))).toBe(false);
  });
});
