import { describe, expect, it } from "vitest";
import { estimateListRow, invoiceListRow } from "./list-rows";

const customer = { id: "c1", name: "Ana", email: " " };

describe("estimateListRow", () => {
  const estimate = {
    id: "e1",
    estimateNumber: "EST-1",
    title: "Panel",
    description: null,
    status: "rejected" as const,
    total: 1000,
    validUntil: "2026-01-31",
    createdAt: new Date("2026-01-01T03:00:00Z"),
    customer,
    job: null,
    itemCount: 2,
    respondedAt: new Date("2026-01-02T00:00:00Z"),
    customerSignature: null,
  };
  it("shows the day in the account's zone, who answered, and the customer's name", () => {
    expect(estimateListRow(estimate, { timeZone: "America/Chicago", estimateValidDays: 30 }, "2026-02-10", 3)).toMatchObject({
      createdOn: "2025-12-31",
      answeredBy: "",
      sharedViews: 3,
      customerName: "Ana",
    });
    expect(
      estimateListRow({ ...estimate, respondedAt: null }, { timeZone: null, estimateValidDays: 30 }, "2026-02-10", null),
    ).toMatchObject({
      createdOn: "2026-01-01",
      answeredBy: null,
    });
  });

  it("reads a pending estimate past its last valid day as expired, and no other", () => {
    const settings = { timeZone: "America/Chicago", estimateValidDays: 30 };
    const pending = { ...estimate, status: "pending" as const, respondedAt: null };
    // Valid through Jan 31: still pending that day, expired the next.
    expect(estimateListRow(pending, settings, "2026-01-31", null).status).toBe("pending");
    expect(estimateListRow(pending, settings, "2026-02-01", null).status).toBe("expired");
    expect(estimateListRow({ ...pending, status: "approved" as const }, settings, "2026-02-01", null).status).toBe("approved");
    // No valid-until: its date in the account's zone (Dec 31 in Chicago) plus the valid days, Jan 30.
    const undated = { ...pending, validUntil: null };
    expect(estimateListRow(undated, settings, "2026-01-30", null).status).toBe("pending");
    expect(estimateListRow(undated, settings, "2026-01-31", null).status).toBe("expired");
    expect(estimateListRow(undated, { ...settings, estimateValidDays: 31 }, "2026-01-31", null).status).toBe("pending");
  });
});

describe("invoiceListRow", () => {
  const invoice = {
    id: "i1",
    invoiceNumber: "INV-1",
    title: "Panel",
    status: "pending",
    dueDate: "2026-02-01",
    paidDate: null,
    createdAt: new Date("2026-01-01T12:00:00Z"),
    total: 1000,
    amountPaid: 0,
    itemCount: 1,
    customer: { name: "Ana", email: "ana@example.com" },
    job: null,
    estimate: null,
  };
  it("reads a late pending invoice as overdue on the account's today", () => {
    expect(invoiceListRow(invoice, "2026-02-01", null)).toMatchObject({ status: "pending", canSend: true, paidOn: null });
    expect(invoiceListRow(invoice, "2026-02-02", null).status).toBe("overdue");
    const paid = { ...invoice, status: "paid", paidDate: new Date("2026-01-10T02:00:00Z") };
    expect(invoiceListRow(paid, "2026-02-02", "America/Chicago")).toMatchObject({ status: "paid", paidOn: "2026-01-09" });
  });
});
