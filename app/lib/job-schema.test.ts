import { describe, expect, it } from "vitest";
import { formatListDate, formatTime, parseDateInput, toDateInputValue, toDateTimeInputValue } from "./job-dates";
import { jobApiSchema, jobSchema } from "./job-schema";

const own = async (id: string) => id === "c-mine";

function messages(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("jobSchema", () => {
  it("requires a customer and a title; everything else is optional and null when empty", () => {
    const parsed = jobSchema().parse({ customerId: "c1", title: "  Panel upgrade  ", description: "", location: "   " });
    expect(parsed).toEqual({
      customerId: "c1",
      title: "Panel upgrade",
      description: null,
      location: null,
      status: "pending",
      scheduledDate: null,
      completedDate: null,
      totalAmount: null,
      assigneeId: null,
    });
    expect(messages(jobSchema().safeParse({}))).toEqual(["customerId: jobs.customerRequired", "title: jobs.titleRequired"]);
    expect(messages(jobSchema().safeParse({ customerId: "none", title: " " }))).toEqual([
      "customerId: jobs.customerRequired",
      "title: jobs.titleRequired",
    ]);
  });

  it("accepts any status, in either spelling", () => {
    for (const status of ["pending", "in_progress", "in-progress", "completed", "cancelled"]) {
      expect(jobSchema().parse({ customerId: "c1", title: "T", status }).status).toBe(status.replace("-", "_"));
    }
    expect(messages(jobSchema().safeParse({ customerId: "c1", title: "T", status: "done" }))).toEqual([
      "status: jobs.statusInvalid",
    ]);
  });

  it("reads the amount exactly, as a string or a number, with clear refusals", () => {
    const amount = (totalAmount: unknown) => jobSchema().safeParse({ customerId: "c1", title: "T", totalAmount });
    expect(amount("1234.5")).toMatchObject({ success: true, data: { totalAmount: 123450 } });
    expect(amount(1234.56)).toMatchObject({ success: true, data: { totalAmount: 123456 } });
    expect(amount("0.1")).toMatchObject({ success: true, data: { totalAmount: 10 } });
    expect(amount("99999999.99")).toMatchObject({ success: true, data: { totalAmount: 9_999_999_999 } });
    expect(amount("")).toMatchObject({ success: true, data: { totalAmount: null } });
    expect(amount(null)).toMatchObject({ success: true, data: { totalAmount: null } });
    expect(messages(amount("12.345"))).toEqual(["totalAmount: jobs.amountInvalid"]);
    expect(messages(amount("12,50"))).toEqual(["totalAmount: jobs.amountInvalid"]);
    expect(messages(amount("abc"))).toEqual(["totalAmount: jobs.amountInvalid"]);
    expect(messages(amount(true))).toEqual(["totalAmount: jobs.amountInvalid"]);
    expect(messages(amount("-5"))).toEqual(["totalAmount: jobs.amountNegative"]);
    expect(messages(amount("100000000.00"))).toEqual(["totalAmount: jobs.amountTooLarge"]);
    expect(messages(amount(1e21))).toEqual(["totalAmount: jobs.amountInvalid"]);
  });

  it("reads dates from inputs and ISO strings as UTC, and refuses impossible ones", () => {
    const dates = (scheduledDate: unknown, completedDate?: unknown) =>
      jobSchema().safeParse({ customerId: "c1", title: "T", scheduledDate, completedDate });
    expect(dates("2025-06-01T09:30", "2025-06-02")).toMatchObject({
      success: true,
      data: { scheduledDate: new Date("2025-06-01T09:30:00Z"), completedDate: new Date("2025-06-02T00:00:00Z") },
    });
    expect(dates("2025-06-01T09:30:00.000Z")).toMatchObject({ data: { scheduledDate: new Date("2025-06-01T09:30:00Z") } });
    expect(dates("2025-06-01T09:30:00-05:00")).toMatchObject({ data: { scheduledDate: new Date("2025-06-01T14:30:00Z") } });
    expect(dates(new Date("2025-06-01T09:30:00Z"))).toMatchObject({ data: { scheduledDate: new Date("2025-06-01T09:30:00Z") } });
    expect(messages(dates("2025-02-30"))).toEqual(["scheduledDate: jobs.dateInvalid"]);
    expect(messages(dates("tomorrow", "2025-13-01"))).toEqual([
      "scheduledDate: jobs.dateInvalid",
      "completedDate: jobs.dateInvalid",
    ]);
    expect(messages(dates(1717232400000))).toEqual(["scheduledDate: jobs.dateInvalid"]);
  });

  it("checks the customer belongs to the account when given a check", async () => {
    expect((await jobSchema(own).safeParseAsync({ customerId: "c-mine", title: "T" })).success).toBe(true);
    expect(messages(await jobSchema(own).safeParseAsync({ customerId: "c-theirs", title: "T" }))).toEqual([
      "customerId: jobs.customerRequired",
    ]);
  });

  it("in the API, refuses unknown fields, id, createdAt and accountId", async () => {
    const result = await jobApiSchema(own).safeParseAsync({
      customerId: "c-mine",
      title: "T",
      id: "x",
      createdAt: "2025-01-01",
      accountId: "u",
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["id", "createdAt", "accountId"] });
  });
});

describe("job dates", () => {
  it("parses input values and writes them back", () => {
    const date = parseDateInput("2025-06-01T09:05")!;
    expect(date.toISOString()).toBe("2025-06-01T09:05:00.000Z");
    expect(toDateTimeInputValue(date)).toBe("2025-06-01T09:05");
    expect(toDateInputValue(date)).toBe("2025-06-01");
    expect(toDateTimeInputValue(null)).toBe("");
    expect(parseDateInput("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseDateInput("2023-02-29")).toBeNull();
    expect(parseDateInput("2025-06-01T24:00")).toBeNull();
    expect(parseDateInput("0999-01-01")).toBeNull();
  });

  it("formats in UTC, MMM dd, yyyy and h:mm a, in English and Spanish", () => {
    const date = new Date("2025-06-01T21:05:00Z");
    expect(formatListDate(date)).toBe("Jun 01, 2025");
    expect(formatTime(date)).toBe("9:05 PM");
    expect(formatListDate(date, "es")).toBe("1 jun 2025");
    expect(formatListDate("2025-12-31T23:59:00.000Z")).toBe("Dec 31, 2025");
  });

  it("reads and shows the scheduled time on the account's wall clock, across clock changes", () => {
    const chicago = "America/Chicago";
    // November: Chicago is UTC-6.
    const visit = parseDateInput("2026-11-20T09:00", chicago)!;
    expect(visit.toISOString()).toBe("2026-11-20T15:00:00.000Z");
    expect(toDateTimeInputValue(visit, chicago)).toBe("2026-11-20T09:00");
    expect(formatTime(visit, "en", chicago)).toBe("9:00 AM");
    // 23:30 in Chicago is already the next day in UTC: the list shows Chicago's day.
    const late = parseDateInput("2026-11-20T23:30", chicago)!;
    expect(late.toISOString()).toBe("2026-11-21T05:30:00.000Z");
    expect(formatListDate(late, "en", chicago)).toBe("Nov 20, 2026");
    expect(formatListDate(late)).toBe("Nov 21, 2026");
    // July: UTC-5. The first morning after the spring change (2026-03-08) is UTC-5 too.
    expect(parseDateInput("2026-07-04T08:00", chicago)!.toISOString()).toBe("2026-07-04T13:00:00.000Z");
    expect(parseDateInput("2026-03-08T08:00", chicago)!.toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(parseDateInput("2026-03-07T08:00", chicago)!.toISOString()).toBe("2026-03-07T14:00:00.000Z");
    // An explicit offset wins over the zone.
    expect(parseDateInput("2026-11-20T09:00Z", chicago)!.toISOString()).toBe("2026-11-20T09:00:00.000Z");
  });

  it("the form schema reads the scheduled date in the account's zone and the completed date as a calendar date", () => {
    const parsed = jobSchema(undefined, "America/New_York").parse({
      customerId: "c1",
      title: "Panel upgrade",
      scheduledDate: "2026-11-20T09:00",
      completedDate: "2026-11-20",
    });
    expect(parsed.scheduledDate?.toISOString()).toBe("2026-11-20T14:00:00.000Z");
    expect(parsed.completedDate?.toISOString()).toBe("2026-11-20T00:00:00.000Z");
  });
});
