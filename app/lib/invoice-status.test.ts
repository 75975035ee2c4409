import { describe, expect, it } from "vitest";
import { invoiceStatusSchema } from "./invoice-schema";
import {
  acceptsPayment,
  canMarkPaid,
  effectiveStatus,
  invoiceStatusChange,
  invoiceStatusLabelKey,
  PAYABLE_STATUSES,
  readInvoiceStatusFilter,
  statusAfterPayments,
} from "./invoice-status";

describe("effectiveStatus", () => {
  const today = "2025-06-15";

  it("reads a pending invoice past its due date as overdue", () => {
    expect(effectiveStatus({ status: "pending", dueDate: "2025-06-14" }, today)).toBe("overdue");
    expect(effectiveStatus({ status: "pending", dueDate: "2024-12-31" }, today)).toBe("overdue");
  });

  it("keeps a pending invoice due today or later pending", () => {
    expect(effectiveStatus({ status: "pending", dueDate: "2025-06-15" }, today)).toBe("pending");
    expect(effectiveStatus({ status: "pending", dueDate: "2025-07-15" }, today)).toBe("pending");
  });

  it("keeps a pending invoice without a due date pending", () => {
    expect(effectiveStatus({ status: "pending", dueDate: null }, today)).toBe("pending");
  });

  it("never changes paid, cancelled or overdue invoices", () => {
    expect(effectiveStatus({ status: "paid", dueDate: "2025-01-01" }, today)).toBe("paid");
    expect(effectiveStatus({ status: "cancelled", dueDate: "2025-01-01" }, today)).toBe("cancelled");
    expect(effectiveStatus({ status: "overdue", dueDate: "2025-12-01" }, today)).toBe("overdue");
  });

  it("compares calendar days across month and year ends", () => {
    expect(effectiveStatus({ status: "pending", dueDate: "2025-12-31" }, "2026-01-01")).toBe("overdue");
    expect(effectiveStatus({ status: "pending", dueDate: "2025-02-28" }, "2025-02-28")).toBe("pending");
  });
});

describe("invoice status helpers", () => {
  it("only pending and overdue invoices can be marked paid", () => {
    expect(canMarkPaid("pending")).toBe(true);
    expect(canMarkPaid("overdue")).toBe(true);
    expect(canMarkPaid("paid")).toBe(false);
    expect(canMarkPaid("cancelled")).toBe(false);
  });

  it("reads the list filter from the URL, anything unknown meaning all", () => {
    expect(readInvoiceStatusFilter("overdue")).toBe("overdue");
    expect(readInvoiceStatusFilter("paid")).toBe("paid");
    expect(readInvoiceStatusFilter(null)).toBe("all");
    expect(readInvoiceStatusFilter("PAID")).toBe("all");
    expect(readInvoiceStatusFilter("")).toBe("all");
  });

  it("labels statuses with dictionary keys", () => {
    expect(invoiceStatusLabelKey("overdue")).toBe("invoices.status.overdue");
    expect(invoiceStatusLabelKey("bogus")).toBe("invoices.status.pending");
  });
});

describe("invoiceStatusSchema", () => {
  it("accepts exactly { status } with a known status", () => {
    for (const status of ["pending", "paid", "overdue", "cancelled"]) {
      expect(invoiceStatusSchema.parse({ status })).toEqual({ status });
    }
  });

  it("refuses a missing or unknown status and any other field", () => {
    expect(invoiceStatusSchema.safeParse({}).error?.issues[0].message).toBe("invoices.statusRequired");
    expect(invoiceStatusSchema.safeParse({ status: "done" }).error?.issues[0].message).toBe("invoices.statusInvalid");
    expect(invoiceStatusSchema.safeParse({ status: 3 }).error?.issues[0].message).toBe("invoices.statusInvalid");
    expect(invoiceStatusSchema.safeParse({ status: "paid", total: "1.00" }).error?.issues[0].code).toBe("unrecognized_keys");
  });
});

describe("invoiceStatusChange: the one rule for every way to a status", () => {
  const invoice = (status: string, total = 10000, amountPaid = 0) => ({ status, total, amountPaid });

  it("marks paid only an invoice still waiting for its money, through a payment of the balance", () => {
    expect(invoiceStatusChange(invoice("pending", 10000, 2500), "paid", "mark-paid")).toEqual({
      kind: "pay-balance",
      amount: 7500,
      reopen: false,
    });
    expect(invoiceStatusChange(invoice("overdue"), "paid", "mark-paid")).toMatchObject({ kind: "pay-balance", amount: 10000 });
    expect(invoiceStatusChange(invoice("paid"), "paid", "mark-paid")).toEqual({ kind: "refused" });
    expect(invoiceStatusChange(invoice("cancelled"), "paid", "mark-paid")).toEqual({ kind: "refused" });
    expect(invoiceStatusChange(invoice("pending"), "cancelled", "mark-paid")).toEqual({ kind: "refused" });
  });

  it("with nothing left to pay, marking paid sets the status, guarded by the payable statuses", () => {
    expect(invoiceStatusChange(invoice("pending", 0), "paid", "mark-paid")).toEqual({
      kind: "set",
      status: "paid",
      paidDate: "now",
      notifyPaid: true,
      onlyFrom: PAYABLE_STATUSES,
    });
  });

  it("the API reaches paid the same way, reopening a cancelled invoice first", () => {
    expect(invoiceStatusChange(invoice("cancelled", 10000, 4000), "paid", "set")).toEqual({
      kind: "pay-balance",
      amount: 6000,
      reopen: true,
    });
    expect(invoiceStatusChange(invoice("pending", 10000, 10000), "paid", "set")).toMatchObject({ kind: "set", notifyPaid: true });
    expect(invoiceStatusChange(invoice("paid", 10000, 10000), "paid", "set")).toMatchObject({
      kind: "set",
      paidDate: "now",
      notifyPaid: false,
    });
  });

  it("any other status from the API clears the paid date and leaves the payments", () => {
    for (const target of ["pending", "overdue", "cancelled"] as const) {
      expect(invoiceStatusChange(invoice("paid", 10000, 10000), target, "set")).toEqual({
        kind: "set",
        status: target,
        paidDate: "clear",
        notifyPaid: false,
        onlyFrom: null,
      });
    }
  });
});

describe("payments and status", () => {
  it("an invoice takes a payment while money is due and it is not cancelled", () => {
    expect(acceptsPayment("pending", 1)).toBe(true);
    expect(acceptsPayment("overdue", 500)).toBe(true);
    expect(acceptsPayment("pending", 0)).toBe(false);
    expect(acceptsPayment("cancelled", 500)).toBe(false);
  });

  it("the ledger makes a payable invoice paid in full paid, and reopens a paid one with a balance", () => {
    expect(statusAfterPayments("pending", 1000, 1000)).toBe("paid");
    expect(statusAfterPayments("overdue", 1000, 1200)).toBe("paid");
    expect(statusAfterPayments("pending", 1000, 999)).toBe("pending");
    expect(statusAfterPayments("paid", 1000, 500)).toBe("pending");
    expect(statusAfterPayments("cancelled", 1000, 1000)).toBe("cancelled");
    expect(canMarkPaid("pending") && canMarkPaid("overdue") && !canMarkPaid("paid") && !canMarkPaid("cancelled")).toBe(true);
  });
});
