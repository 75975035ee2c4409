// Pending estimates past their last valid day become "expired" in the database: the work
// runner's sweep (expirePastEstimates), on each account's calendar, once however many runners
// sweep; the list reads them expired before it runs; and moving the valid-until of an expired
// estimate to a later day opens it again.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { accountSettings, accountTotals, estimates } from "#db/schema";
import { setNow } from "~/lib/clock";
import { statusAfterEdit } from "~/lib/estimate-dates";
import { getEstimateWithItems, updateEstimate } from "~/models/estimate.server";
import { getSettings } from "~/models/settings.server";
import { loader as listLoader } from "~/routes/app.estimates/route";
import { getDb } from "~/infrastructure/db.server";
import { runDueWork } from "~/infrastructure/work.server";
import { WORK_SWEEPS } from "~/services/work-kinds.server";
import { signedInAccount } from "./accounts";
import { runRoute } from "./route";

// 05:30 UTC: still Nov 26 in Chicago, already Nov 27 (14:30) in Tokyo.
const NOW = new Date("2026-11-27T05:30:00Z");

async function account(settings: { timeZone: string; estimateValidDays: number } | null) {
  const signedIn = await signedInAccount();
  const db = await getDb();
  if (settings) {
    await getSettings(signedIn.user.id);
    await db.update(accountSettings).set(settings).where(eq(accountSettings.accountId, signedIn.user.id));
  } else {
    await db.delete(accountSettings).where(eq(accountSettings.accountId, signedIn.user.id));
  }
  const customer = await createCustomer(db, signedIn.user.id, { name: "Ana Ruiz" });
  const estimate = (status: "pending" | "approved", validUntil: string | null, createdAt = new Date("2026-11-01T12:00:00Z")) =>
    createEstimate(db, signedIn.user.id, { customerId: customer.id, status, validUntil, createdAt });
  return { ...signedIn, db, customer, estimate };
}

async function statuses(ids: string[]) {
  const db = await getDb();
  const rows = await db.select({ id: estimates.id, status: estimates.status }).from(estimates).where(inArray(estimates.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

async function pendingCount(accountId: string) {
  const db = await getDb();
  const row = await db
    .select({ value: accountTotals.pendingEstimates })
    .from(accountTotals)
    .where(eq(accountTotals.accountId, accountId))
    .get();
  return row?.value;
}

describe("pending estimates past their last valid day", () => {
  it("are marked expired on their account's calendar, once, by two runners at once", async () => {
    const chicago = await account({ timeZone: "America/Chicago", estimateValidDays: 30 });
    const tokyo = await account({ timeZone: "Asia/Tokyo", estimateValidDays: 10 });
    const noSettings = await account(null);

    const expected: Record<string, "pending" | "approved" | "expired"> = {};
    const add = async (made: Promise<{ id: string }>, status: "pending" | "approved" | "expired") => {
      expected[(await made).id] = status;
    };
    // Chicago's today is Nov 26.
    await add(chicago.estimate("pending", "2026-11-25"), "expired");
    await add(chicago.estimate("pending", "2026-11-26"), "pending");
    await add(chicago.estimate("approved", "2026-11-01"), "approved");
    // No valid-until: its date in Chicago plus 30 days. Oct 26 (04:00 UTC on the 27th) → Nov 25: past.
    await add(chicago.estimate("pending", null, new Date("2026-10-27T04:00:00Z")), "expired");
    // Oct 27 → Nov 26: valid through today.
    await add(chicago.estimate("pending", null, new Date("2026-10-27T12:00:00Z")), "pending");
    // Tokyo's today is Nov 27: the same valid-until as Chicago's still-pending one is past there.
    await add(tokyo.estimate("pending", "2026-11-26"), "expired");
    await add(tokyo.estimate("pending", "2026-11-27"), "pending");
    // 10 days: Nov 16 23:00 in Tokyo → Nov 26, past; Nov 17 01:00 → Nov 27, not yet.
    await add(tokyo.estimate("pending", null, new Date("2026-11-16T14:00:00Z")), "expired");
    await add(tokyo.estimate("pending", null, new Date("2026-11-16T16:00:00Z")), "pending");
    // An account that never opened its settings: UTC and 30 days (today Nov 27).
    await add(noSettings.estimate("pending", "2026-11-26"), "expired");
    // Oct 28 00:30 UTC → Nov 27, valid through today; Oct 27 23:30 → Nov 26, past.
    await add(noSettings.estimate("pending", null, new Date("2026-10-28T00:30:00Z")), "pending");
    await add(noSettings.estimate("pending", null, new Date("2026-10-27T23:30:00Z")), "expired");
    expect(await pendingCount(chicago.user.id)).toBe(4);

    const runs = await Promise.all([
      runDueWork([], { now: NOW, runnerId: "a", sweeps: WORK_SWEEPS }),
      runDueWork([], { now: NOW, runnerId: "b", sweeps: WORK_SWEEPS }),
    ]);
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    const marked = Object.values(expected).filter((status) => status === "expired").length;
    expect(runs.reduce((sum, run) => sum + run.swept["estimates-expired"], 0)).toBe(marked);
    expect(await statuses(Object.keys(expected))).toEqual(expected);
    // The account's kept counts follow the status (the dashboard's "pending estimates").
    expect(await pendingCount(chicago.user.id)).toBe(2);

    const again = await runDueWork([], { now: NOW, sweeps: WORK_SWEEPS });
    expect(again.swept).toEqual({ "estimates-expired": 0, "files-purge": 0 });
    // A day later in Chicago, what was valid through Nov 26 has passed too.
    const later = await runDueWork([], { now: new Date("2026-11-27T06:30:00Z"), sweeps: WORK_SWEEPS });
    expect(later.swept["estimates-expired"]).toBe(2);
    expect(await pendingCount(chicago.user.id)).toBe(0);
  });

  it("read expired in the list before the sweep, and the filters follow the stored status after it", async () => {
    const { user, cookie, estimate } = await account({ timeZone: "America/Chicago", estimateValidDays: 30 });
    const past = await estimate("pending", "2026-11-25");
    const open = await estimate("pending", "2026-11-26");
    setNow(NOW);
    try {
      const list = async (search = "") => {
        const { data } = await runRoute(listLoader, `/app/estimates${search}`, { cookie });
        return Object.fromEntries((data as { items: { id: string; status: string }[] }).items.map((row) => [row.id, row.status]));
      };
      expect(await list()).toEqual({ [past.id]: "expired", [open.id]: "pending" });
      await runDueWork([], { now: NOW, sweeps: WORK_SWEEPS });
      expect(await list("?status=expired")).toEqual({ [past.id]: "expired" });
      expect(await list("?status=pending")).toEqual({ [open.id]: "pending" });
      expect(await pendingCount(user.id)).toBe(1);
    } finally {
      setNow(null);
    }
  });

  it("opens again when an edit moves the valid-until to today or later", async () => {
    const { user, customer, estimate } = await account({ timeZone: "America/Chicago", estimateValidDays: 30 });
    const made = await estimate("pending", "2026-11-20");
    await runDueWork([], { now: NOW, sweeps: WORK_SWEEPS });
    const edit = (validUntil: string | null, status: "pending" | "expired" | "approved" = "expired") =>
      updateEstimate(user.id, made.id, {
        customerId: customer.id,
        jobId: null,
        title: made.title,
        description: made.description,
        status,
        taxRate: made.taxRate,
        validUntil,
        notes: null,
        items: made.items.map((item) => ({ ...item, taxable: true, discountPercent: 0, optional: false })),
      });
    setNow(NOW);
    try {
      // Still past (another past day): stays expired.
      expect((await edit("2026-11-24"))?.status).toBe("expired");
      // Valid through Chicago's today: pending again, with the day saved.
      expect(await edit("2026-11-26")).toMatchObject({ status: "pending", validUntil: "2026-11-26" });
      expect(await pendingCount(user.id)).toBe(1);
      // Marked expired by hand with a later day: an edit that keeps the day keeps the status.
      await edit("2026-12-31", "expired");
      expect((await edit("2026-12-31", "expired"))?.status).toBe("expired");
      expect((await getEstimateWithItems(user.id, made.id))?.status).toBe("expired");
    } finally {
      setNow(null);
    }
  });
});

describe("statusAfterEdit", () => {
  const settings = { timeZone: null, estimateValidDays: 30 };
  const expired = { status: "expired" as const, validUntil: "2026-11-20", createdAt: new Date("2026-10-01T12:00:00Z") };
  it("reopens an expired estimate whose last valid day moves to today or later, and nothing else", () => {
    expect(statusAfterEdit(expired, { status: "expired", validUntil: "2026-11-27" }, settings, "2026-11-27")).toBe("pending");
    expect(statusAfterEdit(expired, { status: "expired", validUntil: "2026-11-26" }, settings, "2026-11-27")).toBe("expired");
    expect(statusAfterEdit(expired, { status: "approved", validUntil: "2026-12-27" }, settings, "2026-11-27")).toBe("approved");
    // No valid-until: the estimate's date plus the valid days (Oct 31) is past.
    expect(statusAfterEdit(expired, { status: "expired", validUntil: null }, settings, "2026-11-27")).toBe("expired");
    const pending = { ...expired, status: "pending" as const };
    expect(statusAfterEdit(pending, { status: "expired", validUntil: "2026-12-27" }, settings, "2026-11-27")).toBe("expired");
  });
});
