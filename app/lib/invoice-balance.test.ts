import { describe, expect, it } from "vitest";
import { balanceDue, paymentState } from "./invoice-balance";

describe("invoice balance", () => {
  it("is the total less what was paid, in cents", () => {
    expect(balanceDue(10_825, 0)).toBe(10_825);
    expect(balanceDue(10_825, 5_000)).toBe(5_825);
    expect(balanceDue(10_825, 10_825)).toBe(0);
    expect(balanceDue(10_825, 11_000)).toBe(-175);
  });

  it("names the state: unpaid, partial, paid, overpaid", () => {
    expect(paymentState(10_825, 0)).toBe("unpaid");
    expect(paymentState(10_825, 1)).toBe("partial");
    expect(paymentState(10_825, 10_824)).toBe("partial");
    expect(paymentState(10_825, 10_825)).toBe("paid");
    expect(paymentState(10_825, 10_826)).toBe("overpaid");
    expect(paymentState(0, 0)).toBe("paid");
  });
});
