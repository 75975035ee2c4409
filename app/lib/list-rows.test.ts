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
  it("shows the day in the account's zone, who answered, and whether it can be sent", () => {
    expect(estimateListRow(estimate, "America/Chicago", 3)).toMatchObject({
      createdOn: "2025-12-31",
      answeredBy: "",
      canSend: false,
      sharedViews: 3,
      customer: { id: "c1", name: "Ana" },
    });
    expect(estimateListRow({ ...estimate, respondedAt: null }, null, null)).toMatchObject({
      createdOn: "2026-01-01",
      answeredBy: null,
    });
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
