import { afterEach, describe, expect, it } from "vitest";
import { setNow, today } from "./clock";
import { accruedLateCharge, monthsPastDue, parseLateChargeRate } from "./late-charge";

afterEach(() => setNow(null));

describe("monthsPastDue", () => {
  it("counts whole months from the due date", () => {
    expect(monthsPastDue("2026-03-15", "2026-03-15")).toBe(0);
    expect(monthsPastDue("2026-03-15", "2026-04-14")).toBe(0);
    expect(monthsPastDue("2026-03-15", "2026-04-15")).toBe(1);
    expect(monthsPastDue("2026-03-15", "2026-06-14")).toBe(2);
    expect(monthsPastDue("2026-03-15", "2027-03-15")).toBe(12);
    expect(monthsPastDue("2026-03-15", "2026-01-01")).toBe(0);
    expect(monthsPastDue(null, "2026-06-01")).toBe(0);
  });

  it("keeps month ends", () => {
    expect(monthsPastDue("2026-01-31", "2026-02-27")).toBe(0);
    expect(monthsPastDue("2026-01-31", "2026-02-28")).toBe(1);
    expect(monthsPastDue("2026-01-31", "2026-03-30")).toBe(1);
    expect(monthsPastDue("2026-01-31", "2026-03-31")).toBe(2);
    expect(monthsPastDue("2028-01-31", "2028-02-29")).toBe(1);
    expect(monthsPastDue("2026-02-28", "2026-03-28")).toBe(1);
  });

  it("reads the account's calendar from the clock: one instant is a different month in two zones", () => {
    setNow("2026-04-15T03:00:00Z");
    // 23:00 on April 14 in New York, 03:00 on April 15 in UTC and 17:00 on April 15 at UTC+14.
    expect(monthsPastDue("2026-03-15", today("America/New_York"))).toBe(0);
    expect(monthsPastDue("2026-03-15", today("UTC"))).toBe(1);
    expect(monthsPastDue("2026-03-15", today("Pacific/Kiritimati"))).toBe(1);
    // 10:30 UTC on April 14: 23:30 on April 13 at UTC−11, 00:30 on April 15 at UTC+14.
    setNow("2026-04-14T10:30:00Z");
    expect(monthsPastDue("2026-03-15", today("Pacific/Pago_Pago"))).toBe(0);
    expect(monthsPastDue("2026-03-14", today("Pacific/Pago_Pago"))).toBe(0);
    expect(monthsPastDue("2026-03-15", today("Pacific/Kiritimati"))).toBe(1);
  });
});

describe("accruedLateCharge", () => {
  const base = { balance: 100_000, rate: 150, dueDate: "2026-03-15", today: "2026-04-20", lastChargedMonth: 0 };

  it("charges the rate on the balance for each whole month", () => {
    expect(accruedLateCharge(base)).toEqual({ month: 1, months: 1, amount: 1_500 });
    expect(accruedLateCharge({ ...base, today: "2026-06-15" })).toEqual({ month: 3, months: 3, amount: 4_500 });
  });

  it("charges nothing before a whole month, at 0%, on no balance", () => {
    expect(accruedLateCharge({ ...base, today: "2026-04-14" }).amount).toBe(0);
    expect(accruedLateCharge({ ...base, rate: 0 })).toEqual({ month: 1, months: 1, amount: 0 });
    expect(accruedLateCharge({ ...base, balance: 0 }).amount).toBe(0);
  });

  it("does not charge a month twice", () => {
    expect(accruedLateCharge({ ...base, lastChargedMonth: 1 })).toEqual({ month: 1, months: 0, amount: 0 });
    expect(accruedLateCharge({ ...base, today: "2026-05-15", lastChargedMonth: 1 })).toEqual({
      month: 2,
      months: 1,
      amount: 1_500,
    });
  });

  it("rounds exact cents half up", () => {
    // 1.5% of $0.33 is 0.495 cents: 0; of $0.34, 0.51: 1; of $1.00, 1.5: 2.
    expect(accruedLateCharge({ ...base, balance: 33 }).amount).toBe(0);
    expect(accruedLateCharge({ ...base, balance: 34 }).amount).toBe(1);
    expect(accruedLateCharge({ ...base, balance: 100 }).amount).toBe(2);
    // 1.25% of $12,345.67 is $154.320875: $154.32; 1.99% of $50.50 is 100.495 cents: $1.00.
    expect(accruedLateCharge({ ...base, balance: 1_234_567, rate: 125 }).amount).toBe(15_432);
    expect(accruedLateCharge({ ...base, balance: 5_050, rate: 199 }).amount).toBe(100);
    // The largest balance, many months: no floating point.
    expect(accruedLateCharge({ ...base, balance: 9_999_999_999, rate: 2500, today: "2030-03-15" }).amount).toBe(
      Number((9_999_999_999n * 2500n * 48n + 5000n) / 10_000n),
    );
  });
});

describe("parseLateChargeRate", () => {
  it("takes a percent with at most two decimals, 0 to 25", () => {
    expect(parseLateChargeRate("1.5")).toBe(150);
    expect(parseLateChargeRate("0")).toBe(0);
    expect(parseLateChargeRate(" 2.25 ")).toBe(225);
    expect(parseLateChargeRate("25")).toBe(2500);
    for (const bad of ["", ".", "1.555", "-1", "26", "abc", "1,5"]) expect(parseLateChargeRate(bad)).toBeNull();
  });
});
