import { describe, expect, it } from "vitest";
import { addDays, dayKey, isValidTimeZone, startOfDay, timeZoneOptions, zoneOffsetMs } from "./clock";

describe("time zones", () => {
  it("knows real zone names and refuses others", () => {
    expect(isValidTimeZone("America/Chicago")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    for (const bad of ["", "Mars/Base", 42, null, "x".repeat(65)]) expect(isValidTimeZone(bad), String(bad)).toBe(false);
  });

  it("offers UTC first, then every zone in order", () => {
    const zones = timeZoneOptions();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("America/Mexico_City");
    expect(zones.slice(1)).toEqual([...zones.slice(1)].sort());
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("tells the calendar day and the offset of an instant in a zone", () => {
    const instant = new Date("2025-01-15T03:30:00Z");
    expect(dayKey(instant, "UTC")).toBe("2025-01-15");
    expect(dayKey(instant, "America/Chicago")).toBe("2025-01-14");
    expect(dayKey(instant, "Asia/Tokyo")).toBe("2025-01-15");
    expect(dayKey(instant, null)).toBe("2025-01-15");
    expect(zoneOffsetMs(instant, "America/Chicago")).toBe(-6 * 3_600_000);
    expect(zoneOffsetMs(instant, "Asia/Kolkata")).toBe(5.5 * 3_600_000);
  });

  it("finds midnight in a zone, also on daylight-saving days", () => {
    expect(startOfDay("2025-01-15", "America/Chicago").toISOString()).toBe("2025-01-15T06:00:00.000Z");
    expect(startOfDay("2025-07-15", "America/Chicago").toISOString()).toBe("2025-07-15T05:00:00.000Z");
    expect(startOfDay("2025-03-09", "America/Chicago").toISOString()).toBe("2025-03-09T06:00:00.000Z");
    expect(startOfDay("2025-11-02", "America/Chicago").toISOString()).toBe("2025-11-02T05:00:00.000Z");
    // Santiago skipped midnight on 2024-09-08 (clocks went from 00:00 to 01:00).
    expect(startOfDay("2024-09-08", "America/Santiago").toISOString()).toBe("2024-09-08T04:00:00.000Z");
  });

  it("moves calendar days across months and years", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});
