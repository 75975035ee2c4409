import { describe, expect, it } from "vitest";
import { depositAskSchema, depositAsked, depositDue, depositFormValue, depositOf } from "./deposit";

describe("depositAsked", () => {
  it("takes a percent of the total, half up", () => {
    expect(depositAsked(100_000, { type: "percent", value: 2500 })).toBe(25_000);
    // 33.33% of $10.01 is 333.6333 cents; 50% of 1 cent is 0.5: 1.
    expect(depositAsked(1_001, { type: "percent", value: 3333 })).toBe(334);
    expect(depositAsked(1, { type: "percent", value: 5000 })).toBe(1);
    expect(depositAsked(100_000, { type: "percent", value: 10_000 })).toBe(100_000);
  });

  it("takes an amount, never above the total; none asks nothing", () => {
    expect(depositAsked(100_000, { type: "amount", value: 30_000 })).toBe(30_000);
    expect(depositAsked(20_000, { type: "amount", value: 30_000 })).toBe(20_000);
    expect(depositAsked(100_000, null)).toBe(0);
    expect(depositAsked(0, { type: "percent", value: 2500 })).toBe(0);
  });

  it("leaves what is still due, never below zero", () => {
    expect(depositDue(25_000, 10_000)).toBe(15_000);
    expect(depositDue(25_000, 30_000)).toBe(0);
  });

  it("reads the stored pair and writes the form's values", () => {
    expect(depositOf({ depositType: null, depositValue: null })).toBeNull();
    expect(depositOf({ depositType: "percent", depositValue: 2550 })).toEqual({ type: "percent", value: 2550 });
    expect(depositFormValue({ type: "percent", value: 2550 })).toEqual({ depositType: "percent", depositValue: "25.5" });
    expect(depositFormValue({ type: "amount", value: 30_000 })).toEqual({ depositType: "amount", depositValue: "300.00" });
    expect(depositFormValue(null)).toEqual({ depositType: "none", depositValue: "" });
  });
});

describe("depositAskSchema", () => {
  const parse = (input: unknown) => depositAskSchema(100_000).safeParse(input);
  const message = (input: unknown) => {
    const result = parse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("accepts none, a percent and an amount", () => {
    expect(parse({ depositType: "none" }).data).toBeNull();
    expect(parse({ depositType: "percent", depositValue: "25" }).data).toEqual({ type: "percent", value: 2500 });
    expect(parse({ depositType: "amount", depositValue: 250.5 }).data).toEqual({ type: "amount", value: 25_050 });
  });

  it("refuses bad values with a message", () => {
    expect(message({ depositType: "weekly" })).toBe("estimates.deposit.typeInvalid");
    expect(message({ depositType: "percent" })).toBe("estimates.deposit.valueRequired");
    expect(message({ depositType: "percent", depositValue: "abc" })).toBe("estimates.deposit.valueInvalid");
    expect(message({ depositType: "percent", depositValue: "10.125" })).toBe("estimates.deposit.valueDecimals");
    expect(message({ depositType: "percent", depositValue: "0" })).toBe("estimates.deposit.valuePositive");
    expect(message({ depositType: "percent", depositValue: "100.01" })).toBe("estimates.deposit.percentTooLarge");
    expect(message({ depositType: "amount", depositValue: "1000.01" })).toBe("estimates.deposit.amountAboveTotal");
    expect(message({ depositType: "amount", depositValue: {} })).toBe("estimates.deposit.valueInvalid");
  });
});
