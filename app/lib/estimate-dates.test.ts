import { describe, expect, it } from "vitest";
import {
  canAnswerEstimate,
  canInvoiceEstimate,
  estimateAnswerChanges,
  estimateState,
  formatCalendarDate,
  lastValidDay,
} from "./estimate-dates";

describe("estimate status rules", () => {
  it("the last valid day is the valid-until date, else the estimate's day plus the valid days in the account's zone", () => {
    const createdAt = new Date("2026-03-01T03:00:00Z");
    expect(lastValidDay({ validUntil: "2026-03-10", createdAt }, { estimateValidDays: 30, timeZone: null })).toBe("2026-03-10");
    expect(lastValidDay({ validUntil: null, createdAt }, { estimateValidDays: 30, timeZone: null })).toBe("2026-03-31");
    expect(lastValidDay({ validUntil: null, createdAt }, { estimateValidDays: 30, timeZone: "America/Chicago" })).toBe(
      "2026-03-30",
    );
  });

  it("a pending estimate past its last valid day reads expired; an answered one keeps its answer", () => {
    expect(estimateState("pending", "2026-03-10", "2026-03-10")).toBe("pending");
    expect(estimateState("pending", "2026-03-11", "2026-03-10")).toBe("expired");
    expect(estimateState("approved", "2026-04-01", "2026-03-10")).toBe("approved");
    expect(estimateState("rejected", "2026-04-01", "2026-03-10")).toBe("rejected");
  });

  it("only a pending estimate is answered, and only an approved one invoiced", () => {
    expect(["pending", "approved", "rejected", "expired"].filter((s) => canAnswerEstimate(s as "pending"))).toEqual(["pending"]);
    expect(["pending", "approved", "rejected", "expired"].filter(canInvoiceEstimate)).toEqual(["approved"]);
  });

  it("approving records the signature and the time; declining clears the approval and keeps a name if given", () => {
    const now = new Date("2026-03-05T12:00:00Z");
    expect(estimateAnswerChanges({ kind: "approve", signature: "Ana", message: "Go" }, now)).toEqual({
      status: "approved",
      approvedAt: now,
      customerSignature: "Ana",
      customerResponse: "Go",
      respondedAt: now,
    });
    expect(estimateAnswerChanges({ kind: "decline", name: null, reason: "Too much" }, now)).toEqual({
      status: "rejected",
      approvedAt: null,
      customerSignature: null,
      customerResponse: "Too much",
      respondedAt: now,
    });
  });

  it("formats calendar dates in either language", () => {
    expect(formatCalendarDate("2025-06-01")).toBe("Jun 01, 2025");
    expect(formatCalendarDate(null)).toBe("");
  });
});
