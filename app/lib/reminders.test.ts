import { describe, expect, it } from "vitest";
import { dueReminderSteps, formatReminderSteps, parseReminderSteps } from "./reminders";

describe("reminder steps", () => {
  it("reads days from the due date, sorted and distinct, and writes them back", () => {
    expect(parseReminderSteps("-3, 0, 7, 14")).toEqual({ ok: true, steps: [-3, 0, 7, 14] });
    expect(parseReminderSteps("14 +7 0 -3 7")).toEqual({ ok: true, steps: [-3, 0, 7, 14] });
    expect(formatReminderSteps([-3, 0, 7, 14])).toBe("-3, 0, +7, +14");
  });

  it("refuses what is not a list of whole days from -30 to 90, six at most", () => {
    expect(parseReminderSteps("")).toEqual({ ok: false, error: "invalid" });
    expect(parseReminderSteps("3.5")).toEqual({ ok: false, error: "invalid" });
    expect(parseReminderSteps("soon")).toEqual({ ok: false, error: "invalid" });
    expect(parseReminderSteps("a5")).toEqual({ ok: false, error: "invalid" });
    expect(parseReminderSteps("-31")).toEqual({ ok: false, error: "range" });
    expect(parseReminderSteps("91")).toEqual({ ok: false, error: "range" });
    expect(parseReminderSteps("1 2 3 4 5 6 7")).toEqual({ ok: false, error: "tooMany" });
  });
});

describe("dueReminderSteps", () => {
  const base = { dueDate: "2026-12-10", sentDay: "2026-11-20", steps: [-3, 0, 7, 14] };
  it("a step is due from 9:00 on its day", () => {
    expect(dueReminderSteps({ ...base, today: "2026-12-07", hour: 8 })).toEqual([]);
    expect(dueReminderSteps({ ...base, today: "2026-12-07", hour: 9 })).toEqual([-3]);
    expect(dueReminderSteps({ ...base, today: "2026-12-10", hour: 9 })).toEqual([0]);
    expect(dueReminderSteps({ ...base, today: "2026-12-17", hour: 23 })).toEqual([7]);
  });

  it("a missed step still goes out two days late, not later", () => {
    expect(dueReminderSteps({ ...base, today: "2026-12-09", hour: 0 })).toEqual([-3]);
    expect(dueReminderSteps({ ...base, today: "2026-12-11", hour: 0 })).toEqual([0]);
    expect(dueReminderSteps({ ...base, today: "2026-12-13", hour: 12 })).toEqual([]);
  });

  it("no step from before the invoice was sent", () => {
    expect(dueReminderSteps({ ...base, sentDay: "2026-12-09", today: "2026-12-09", hour: 12 })).toEqual([]);
    expect(dueReminderSteps({ ...base, sentDay: "2026-12-09", today: "2026-12-10", hour: 12 })).toEqual([0]);
  });
});
