import { describe, expect, it } from "vitest";
import { insertWithNumber, isUniqueViolation } from "./document-number.server";

describe("insertWithNumber", () => {
  it("takes the next millisecond while a number is taken", async () => {
    const taken = new Set(["EST-1000", "EST-1001"]);
    const number = await insertWithNumber(
      "EST",
      async (candidate) => {
        if (taken.has(candidate))
          throw new Error("SQLITE_CONSTRAINT: UNIQUE constraint failed: estimates.account_id, estimates.estimate_number");
        return candidate;
      },
      1000,
    );
    expect(number).toBe("EST-1002");
  });

  it("passes other errors through", async () => {
    await expect(insertWithNumber("INV", async () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    expect(isUniqueViolation(new Error("x", { cause: new Error("UNIQUE constraint failed: a") }))).toBe(true);
  });
});
