import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { createRandom } from "#db/factories";
import { defaultValidUntil, formatCalendarDate } from "./estimate-dates";
import { editorValues, lineCount, refuseLastLineRemoval } from "./estimate-form";
import {
  estimateApiSchema,
  estimateFormSchema,
  estimateTotals,
  parseCalendarDate,
  previewTotals,
  readEstimateStatusFilter,
} from "./estimate-schema";
import { MAX_CENTS } from "./money";

const line = (description: string, quantity: string | number, unitPrice: string | number) => ({
  description,
  quantity,
  unitPrice,
});
const api = (overrides: Record<string, unknown> = {}) => ({
  customerId: "c1",
  title: "Panel upgrade",
  items: [line("Labor", "2", "95.00")],
  ...overrides,
});

function messages(result: { success: boolean; error?: { issues: { message: string; path: (string | number)[] }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("totals (round once per step, half away from zero)", () => {
  it("rounds each line once, then the tax once", () => {
    // 0.33 × $0.01 = 0.0033 cents → 0; 1.5 × $19.99 = 29.985 → 29.99.
    expect(estimateTotals([{ quantity: 33, unitPrice: 1 }], 825)).toMatchObject({
      lineTotals: [0],
      subtotal: 0,
      taxAmount: 0,
      total: 0,
    });
    expect(estimateTotals([{ quantity: 150, unitPrice: 1999 }], 0).lineTotals).toEqual([2999]);
    // 8.25% of $0.10 = 0.825 cents → 1 cent; of $0.06 = 0.495 → 0; of $10.01 = 82.5825 → 83.
    expect(estimateTotals([{ quantity: 100, unitPrice: 10 }], 825)).toMatchObject({ taxAmount: 1, total: 11 });
    expect(estimateTotals([{ quantity: 100, unitPrice: 6 }], 825)).toMatchObject({ taxAmount: 0, total: 6 });
    expect(estimateTotals([{ quantity: 100, unitPrice: 1001 }], 825)).toMatchObject({
      subtotal: 1001,
      taxAmount: 83,
      total: 1084,
    });
    // Half a cent rounds up: 0.5 × $0.01, and 2% of $0.25 (0.5 cents).
    expect(estimateTotals([{ quantity: 50, unitPrice: 1 }], 200)).toMatchObject({ subtotal: 1, taxAmount: 0 });
    expect(estimateTotals([{ quantity: 100, unitPrice: 25 }], 200)).toMatchObject({ subtotal: 25, taxAmount: 1, total: 26 });
  });

  it("knows the money limit of $99,999,999.99", () => {
    expect(estimateTotals([{ quantity: 100, unitPrice: MAX_CENTS }], 0).withinLimit).toBe(true);
    expect(estimateTotals([{ quantity: 100, unitPrice: MAX_CENTS }], 1).withinLimit).toBe(false);
    expect(estimateTotals([{ quantity: 200, unitPrice: MAX_CENTS }], 0).withinLimit).toBe(false);
    expect(
      estimateTotals(
        [
          { quantity: 100, unitPrice: 5_000_000_000 },
          { quantity: 100, unitPrice: 5_000_000_000 },
        ],
        0,
      ).withinLimit,
    ).toBe(false);
  });

  it("property: total = subtotal + tax and subtotal = sum of line totals, all integers (500 random estimates)", () => {
    const random = createRandom(4242);
    const int = (max: number) => Math.floor(random() * (max + 1));
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: 1 + int(8) }, () => ({ quantity: int(100_000), unitPrice: int(500_000) }));
      const rate = int(20_000);
      const totals = estimateTotals(lines, rate);
      const sum = totals.lineTotals.reduce((a, b) => a + b, 0);
      expect(totals.subtotal).toBe(sum);
      expect(totals.total).toBe(totals.subtotal + totals.taxAmount);
      for (const value of [...totals.lineTotals, totals.subtotal, totals.taxAmount, totals.total])
        expect(Number.isInteger(value)).toBe(true);
      // Each step is within half a unit of the exact value.
      lines.forEach((l, j) => expect(Math.abs(totals.lineTotals[j] - (l.quantity * l.unitPrice) / 100)).toBeLessThanOrEqual(0.5));
      expect(Math.abs(totals.taxAmount - (totals.subtotal * rate) / 10_000)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });
});

describe("API schema", () => {
  it("parses decimals to cents, hundredths and ten-thousandths, and ignores sent totals", () => {
    const parsed = estimateApiSchema().safeParse(
      api({
        taxRate: "0.0825",
        validUntil: "2025-07-01",
        subtotal: "1.00",
        total: "999999",
        items: [
          { description: " Labor ", quantity: 1.5, unitPrice: "19.99", total: "0.01" },
          { description: "Wire", quantity: "0.33", unitPrice: 0.01 },
        ],
      }),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      customerId: "c1",
      jobId: null,
      title: "Panel upgrade",
      description: null,
      status: "pending",
      taxRate: 825,
      validUntil: "2025-07-01",
      notes: null,
      items: [
        { description: "Labor", quantity: 150, unitPrice: 1999, taxable: true, discountPercent: 0, optional: false },
        { description: "Wire", quantity: 33, unitPrice: 1, taxable: true, discountPercent: 0, optional: false },
      ],
    });
  });

  it("takes a numeric rate, the account default when none is sent, and puts lines in their order", () => {
    expect(estimateApiSchema().safeParse(api({ taxRate: 0.0825 })).data?.taxRate).toBe(825);
    expect(estimateApiSchema({ defaultTaxRate: 700 }).safeParse(api()).data?.taxRate).toBe(700);
    expect(estimateApiSchema().safeParse(api({ taxRate: null })).data?.taxRate).toBe(825);
    const ordered = estimateApiSchema().safeParse(
      api({
        items: [
          { ...line("C", "1", "1"), order: 2 },
          { ...line("A", "1", "1"), order: 0 },
          { ...line("B", "1", "1"), order: 1 },
        ],
      }),
    );
    expect(ordered.data?.items.map((item) => item.description)).toEqual(["A", "B", "C"]);
  });

  it("reads an ISO date-time as its date and refuses dates that do not exist", () => {
    expect(estimateApiSchema().safeParse(api({ validUntil: "2025-07-01T00:00:00.000Z" })).data?.validUntil).toBe("2025-07-01");
    expect(estimateApiSchema().safeParse(api({ validUntil: null })).data?.validUntil).toBeNull();
    expect(messages(estimateApiSchema().safeParse(api({ validUntil: "2025-02-30" })))).toEqual([
      "validUntil: estimates.validUntilInvalid",
    ]);
    expect(messages(estimateApiSchema().safeParse(api({ validUntil: "tomorrow" })))).toEqual([
      "validUntil: estimates.validUntilInvalid",
    ]);
  });

  it.each([
    [{ items: [] }, "items: estimates.itemsRequired"],
    [{ items: undefined }, "items: estimates.itemsRequired"],
    [{ items: "lots" }, "items: estimates.itemsRequired"],
    [{ items: [line("", "1", "1")] }, "items.0.description: estimates.descriptionRequired"],
    [{ items: [line("   ", "1", "1")] }, "items.0.description: estimates.descriptionRequired"],
    [{ items: [{ description: "A", unitPrice: "1" }] }, "items.0.quantity: estimates.quantityRequired"],
    [{ items: [line("A", "", "1")] }, "items.0.quantity: estimates.quantityRequired"],
    [{ items: [{ description: "A", quantity: "1" }] }, "items.0.unitPrice: estimates.unitPriceRequired"],
    [{ items: [line("A", "-1", "1")] }, "items.0.quantity: estimates.quantityNegative"],
    [{ items: [line("A", "1", -5)] }, "items.0.unitPrice: estimates.unitPriceNegative"],
    [{ items: [line("A", "abc", "1")] }, "items.0.quantity: estimates.quantityInvalid"],
    [{ items: [line("A", "1", "12,50")] }, "items.0.unitPrice: estimates.unitPriceInvalid"],
    [{ items: [line("A", "1.234", "1")] }, "items.0.quantity: estimates.quantityDecimals"],
    [{ items: [line("A", "1", "19.999")] }, "items.0.unitPrice: estimates.unitPriceDecimals"],
    [{ items: [line("A", "1", "100000000.00")] }, "items.0.unitPrice: estimates.unitPriceTooLarge"],
    [{ items: [line("A", "2", "99999999.99")] }, "items: estimates.totalTooLarge"],
    [{ items: [line("A", "1", "99999999.99")], taxRate: "0.0001" }, "items: estimates.totalTooLarge"],
    [{ items: [{ ...line("A", "1", "1"), order: -1 }] }, "items.0.order: estimates.orderInvalid"],
    [{ items: [{ ...line("A", "1", "1"), id: "x" }] }, "items.0: validation.unknownField"],
    [{ customerId: undefined }, "customerId: estimates.customerRequired"],
    [{ customerId: "none" }, "customerId: estimates.customerRequired"],
    [{ customerId: 7 }, "customerId: estimates.customerRequired"],
    [{ title: " " }, "title: estimates.titleRequired"],
    [{ status: "won" }, "status: estimates.statusInvalid"],
    [{ taxRate: "8.25%" }, "taxRate: estimates.taxRateFractionInvalid"],
    [{ taxRate: "0.08255" }, "taxRate: estimates.taxRateFractionInvalid"],
    [{ taxRate: "-0.01" }, "taxRate: estimates.taxRateNegative"],
    [{ taxRate: "10" }, "taxRate: estimates.taxRateTooLarge"],
    [{ id: "abc" }, ": validation.unknownField"],
    [{ estimateNumber: "EST-1" }, ": validation.unknownField"],
  ])("refuses %j with %s", (overrides, expected) => {
    expect(messages(estimateApiSchema().safeParse(api(overrides)))).toEqual([expected]);
  });

  it("runs the ownership checks: another account's customer reads as none chosen", async () => {
    const checks = {
      customer: async (id: string) => id === "mine",
      job: async (jobId: string, customerId: string) => jobId === "job-of-mine" && customerId === "mine",
    };
    const schema = estimateApiSchema({ checks });
    expect(messages(await schema.safeParseAsync(api({ customerId: "theirs" })))).toEqual([
      "customerId: estimates.customerRequired",
    ]);
    expect(messages(await schema.safeParseAsync(api({ customerId: "mine", jobId: "their-job" })))).toEqual([
      "jobId: estimates.jobInvalid",
    ]);
    expect((await schema.safeParseAsync(api({ customerId: "mine", jobId: "job-of-mine" }))).data?.jobId).toBe("job-of-mine");
  });
});

describe("form schema", () => {
  function form(fields: Record<string, string>) {
    const formData = new FormData();
    for (const [key, value] of Object.entries(fields)) formData.append(key, value);
    return formData;
  }
  const base = {
    customerId: "c1",
    jobId: "none",
    title: "Water heater",
    status: "approved",
    taxRate: "8.25",
    validUntil: "",
    "items[0].description": "Labor",
    "items[0].quantity": "1.5",
    "items[0].unitPrice": "19.99",
  };

  it("reads the tax rate in percent and empty fields as nothing", () => {
    const submission = parseWithZod(form(base), { schema: estimateFormSchema() });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      jobId: null,
      taxRate: 825,
      status: "approved",
      validUntil: null,
      description: null,
      items: [{ description: "Labor", quantity: 150, unitPrice: 1999, taxable: true, discountPercent: 0, optional: false }],
    });
  });

  it("gives each field its SPEC message", () => {
    const submission = parseWithZod(
      form({
        ...base,
        customerId: "none",
        title: "",
        taxRate: "8.255",
        "items[0].description": "",
        "items[0].quantity": "",
        "items[0].unitPrice": "",
      }),
      { schema: estimateFormSchema() },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      customerId: ["estimates.customerRequired"],
      title: ["estimates.titleRequired"],
      taxRate: ["estimates.taxRateInvalid"],
      "items[0].description": ["estimates.descriptionRequired"],
      "items[0].quantity": ["estimates.quantityRequired"],
      "items[0].unitPrice": ["estimates.unitPriceRequired"],
    });
    const none = parseWithZod(form({ customerId: "c1", title: "T", taxRate: "8.25" }), { schema: estimateFormSchema() });
    expect(none.reply().error).toEqual({ items: ["estimates.itemsRequired"] });
    const blankRate = parseWithZod(form({ ...base, taxRate: "" }), { schema: estimateFormSchema() });
    expect(blankRate.reply().error).toEqual({ taxRate: ["estimates.taxRateRequired"] });
  });

  it("refuses to remove the last line, and lets any other go", () => {
    const remove = (index: number) => JSON.stringify({ type: "remove", payload: { name: "items", index } });
    const one = form({ ...base, __intent__: remove(0) });
    expect(lineCount(one)).toBe(1);
    expect(refuseLastLineRemoval(one)).toBe(true);
    expect(parseWithZod(one, { schema: estimateFormSchema() }).payload.items).toHaveLength(1);

    const two = form({
      ...base,
      "items[1].description": "Part",
      "items[1].quantity": "1",
      "items[1].unitPrice": "5",
      __intent__: remove(0),
    });
    expect(refuseLastLineRemoval(two)).toBe(false);
    expect(parseWithZod(two, { schema: estimateFormSchema() }).payload.items).toEqual([
      { description: "Part", quantity: "1", unitPrice: "5" },
    ]);
    expect(refuseLastLineRemoval(form(base))).toBe(false);
  });
});

describe("the editor's values and live totals", () => {
  it("shows stored integers as the form's decimals", () => {
    expect(
      editorValues(
        {
          customerId: "c1",
          jobId: null,
          title: "T",
          description: null,
          status: "pending",
          taxRate: 825,
          validUntil: null,
          notes: null,
          items: [{ description: "A", quantity: 150, unitPrice: 1999, taxable: true, discountPercent: 0, optional: false }],
        },
        { taxRate: 700, validUntil: "2025-01-31" },
      ),
    ).toMatchObject({
      jobId: "none",
      taxRate: "8.25",
      validUntil: "",
      items: [{ description: "A", quantity: "1.50", unitPrice: "19.99" }],
    });
    expect(editorValues(undefined, { taxRate: 825, validUntil: "2025-01-31" })).toMatchObject({
      customerId: "none",
      taxRate: "8.25",
      validUntil: "2025-01-31",
      items: [{ description: "", quantity: "1", unitPrice: "" }],
    });
  });

  it("computes what is typed so far, leaving out lines that do not parse yet", () => {
    const totals = previewTotals(
      [{ quantity: "1.5", unitPrice: "19.99" }, { quantity: "2", unitPrice: "" }, undefined, { quantity: "3", unitPrice: "10" }],
      "8.25",
    );
    expect(totals).toEqual({ lineTotals: [2999, null, null, 3000], subtotal: 5999, taxAmount: 495, total: 6494 });
    expect(previewTotals([{ quantity: "1", unitPrice: "10" }], "abc").taxAmount).toBe(0);
  });
});

describe("dates and the status filter", () => {
  it("gives a new estimate today plus the valid days and formats dates in the interface language", () => {
    expect(defaultValidUntil(30, "UTC", new Date("2024-12-15T12:00:00Z"))).toBe("2025-01-14");
    expect(formatCalendarDate("2025-06-01", "en")).toBe("Jun 01, 2025");
    expect(formatCalendarDate("2025-01-05", "es")).toBe("5 ene 2025");
    expect(formatCalendarDate(null)).toBe("");
    expect(parseCalendarDate("2024-02-29")).toBe("2024-02-29");
    expect(parseCalendarDate("2023-02-29")).toBeNull();
  });

  it("reads the status filter, anything else as all", () => {
    expect(readEstimateStatusFilter("approved")).toBe("approved");
    expect(readEstimateStatusFilter("APPROVED")).toBe("all");
    expect(readEstimateStatusFilter(null)).toBe("all");
  });
});

describe("taxable, discounted and optional lines (decision 019)", () => {
  it("the API reads taxable, discountPercent and optional, with their defaults", () => {
    const parsed = estimateApiSchema().safeParse(
      api({
        taxRate: "0.1",
        items: [
          { ...line("Labor", "1", "100.00"), taxable: false },
          { ...line("Parts", "1", "50.00"), discountPercent: "10" },
          { ...line("Extra", "1", "20.00"), optional: true, discountPercent: 12.5 },
        ],
      }),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data?.items.map(({ taxable, discountPercent, optional }) => [taxable, discountPercent, optional])).toEqual([
      [false, 0, false],
      [true, 1000, false],
      [true, 1250, true],
    ]);
    // 100.00 + 45.00; tax 10% of 45.00; the optional line counts in nothing.
    expect(estimateTotals(parsed.data!.items, parsed.data!.taxRate)).toMatchObject({
      subtotal: 14500,
      taxAmount: 450,
      total: 14950,
    });
  });

  it.each([
    [{ discountPercent: "100.5" }, "items.0.discountPercent: estimates.discountRange"],
    [{ discountPercent: -1 }, "items.0.discountPercent: estimates.discountRange"],
    [{ discountPercent: "12.345" }, "items.0.discountPercent: estimates.discountDecimals"],
    [{ discountPercent: "ten" }, "items.0.discountPercent: estimates.discountInvalid"],
    [{ taxable: "yes" }, "items.0.taxable: estimates.taxableInvalid"],
    [{ optional: 1 }, "items.0.optional: estimates.optionalInvalid"],
    [{ unitPrice: "-1" }, "items.0.unitPrice: estimates.unitPriceNegative"],
  ])("the API refuses %j", (override, expected) => {
    expect(messages(estimateApiSchema().safeParse(api({ items: [{ ...line("Labor", "1", "10"), ...override }] })))).toEqual([
      expected,
    ]);
  });

  it("the editor's unticked taxable box means untaxed; a form without the editor's marker keeps lines taxed", () => {
    const fields = (extra: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries({ customerId: "c1", title: "T", taxRate: "10", ...extra })) data.append(k, v);
      return data;
    };
    const lineFields = { "items[0].description": "Labor", "items[0].quantity": "1", "items[0].unitPrice": "100" };
    const editor = parseWithZod(fields({ ...lineFields, lineFlags: "1", "items[0].discountPercent": "50" }), {
      schema: estimateFormSchema(),
    });
    expect(editor.status === "success" && editor.value.items[0]).toMatchObject({ taxable: false, discountPercent: 5000 });
    const ticked = parseWithZod(fields({ ...lineFields, lineFlags: "1", "items[0].taxable": "on", "items[0].optional": "on" }), {
      schema: estimateFormSchema(),
    });
    expect(ticked.status === "success" && ticked.value.items[0]).toMatchObject({
      taxable: true,
      optional: true,
      discountPercent: 0,
    });
    const older = parseWithZod(fields(lineFields), { schema: estimateFormSchema() });
    expect(older.status === "success" && older.value.items[0]).toMatchObject({ taxable: true, optional: false });
    const refused = parseWithZod(fields({ ...lineFields, "items[0].discountPercent": "101" }), { schema: estimateFormSchema() });
    expect(refused.status === "error" ? refused.error?.["items[0].discountPercent"] : null).toEqual(["estimates.discountRange"]);
  });

  it("the live totals follow the boxes of the editor", () => {
    const items = [
      { quantity: "1", unitPrice: "100", discountPercent: "0", taxable: "on" },
      { quantity: "1", unitPrice: "100", discountPercent: "100", taxable: "on" },
      { quantity: "1", unitPrice: "50" },
      { quantity: "1", unitPrice: "30", taxable: "on", optional: "on" },
    ];
    expect(previewTotals(items, "10", true)).toEqual({
      lineTotals: [10000, 0, 5000, 3000],
      subtotal: 15000,
      taxAmount: 1000,
      total: 16000,
    });
  });
});
