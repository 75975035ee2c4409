import { describe, expect, it } from "vitest";
import { invoiceStatusSchema } from "./invoice-schema";
import { canMarkPaid, effectiveStatus, invoiceStatusLabelKey, readInvoiceStatusFilter } from "./invoice-status";

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
