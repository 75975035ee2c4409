import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./email";

describe("normalizeEmail", () => {
  it("trims and lower-cases, so one address is one account", () => {
    expect(normalizeEmail("  Ana.Garcia@Example.COM ")).toBe("ana.garcia@example.com");
    expect(normalizeEmail("bob@example.com")).toBe("bob@example.com");
  });
});
