import { expect, it } from "vitest";
import { relativeTime } from "./relative-time";

it("says just now under a minute, then minutes, hours and days", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
  expect(ago(0)).toEqual({ key: "notifications.justNow" });
  expect(ago(59_999)).toEqual({ key: "notifications.justNow" });
  expect(ago(60_000)).toEqual({ key: "notifications.minutesAgo", count: 1 });
  expect(ago(59 * 60_000)).toEqual({ key: "notifications.minutesAgo", count: 59 });
  expect(ago(60 * 60_000)).toEqual({ key: "notifications.hoursAgo", count: 1 });
  expect(ago(23 * 3_600_000 + 59 * 60_000)).toEqual({ key: "notifications.hoursAgo", count: 23 });
  expect(ago(24 * 3_600_000)).toEqual({ key: "notifications.daysAgo", count: 1 });
  expect(ago(-5000)).toEqual({ key: "notifications.justNow" });
});
