import { describe, expect, it } from "vitest";
import { ACCESS, ACCESS_KINDS, accessOf, can, homeOf, isRole, ROLES } from "./permissions";

describe("the permission table", () => {
  it("gives the owner everything", () => {
    expect(accessOf("owner")).toEqual(ACCESS_KINDS);
  });

  it("gives the office everything but the account itself and the team", () => {
    expect(accessOf("office")).toEqual(ACCESS_KINDS.filter((a) => a !== "account" && a !== "team"));
    expect(can("office", "money")).toBe(true);
    expect(can("office", "team")).toBe(false);
    expect(can("office", "account")).toBe(false);
  });

  it("keeps a technician away from money, prices, reports, settings, exports and the team", () => {
    for (const access of ["money", "estimates", "reports", "price-book", "settings", "account", "team", "customers"] as const) {
      expect(can("technician", access), access).toBe(false);
    }
    expect(can("technician", "member")).toBe(true);
  });

  it("lists only known roles, each access at least for the owner", () => {
    for (const roles of Object.values(ACCESS)) {
      expect(roles).toContain("owner");
      for (const role of roles) expect(ROLES).toContain(role);
    }
    expect(isRole("office")).toBe(true);
    expect(isRole("admin")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });

  it("starts each role on a page it may open", () => {
    expect(homeOf("owner")).toBe("/app");
    expect(homeOf("office")).toBe("/app");
    expect(homeOf("technician")).toBe("/app/my-day");
  });
});
