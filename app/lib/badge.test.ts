import { expect, it } from "vitest";
import { badgeLabel } from "./badge";

it("shows nothing at zero, the count up to 99, then 99+", () => {
  expect(badgeLabel(0)).toBeNull();
  expect(badgeLabel(-3)).toBeNull();
  expect(badgeLabel(1)).toBe("1");
  expect(badgeLabel(99)).toBe("99");
  expect(badgeLabel(100)).toBe("99+");
  expect(badgeLabel(12345)).toBe("99+");
});
