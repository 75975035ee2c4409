// /api/requests, /api/requests/{id} and /api/requests/{id}/convert, called as Remix calls them
// with real sessions: paging and the status filter, PUT { status }, conversion to each of the
// four records (201), bad input refused with 400 { message, errors } and nothing changed,
// another account's ids answering 404, and a technician refused.
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import { appointments, customers, estimates, jobs, workRequests } from "#db/schema";
import { setNow } from "~/lib/clock";
import { createWorkRequest, getWorkRequest } from "~/models/work-request.server";
import { loader as listLoader } from "~/routes/api.requests/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.requests.$id/route";
import { action as convertAction } from "~/routes/api.requests.$id.convert/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount, signedInMember } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const BASE = "http://localhost/api/requests";
const visitor = {
  name: "Luis Gómez",
  phone: "555 010 2020",
  email: "luis@example.com",
  address: "12 Elm St",
  description: "Leaking sink",
  preferredTimes: null,
};

async function account() {
  const { user, cookie } = await signedInAccount();
  return { accountId: user.id, cookie };
}

const get = (path: string, cookie: string, id?: string) =>
  runRoute(id ? itemLoader : listLoader, apiRequest(`${BASE}${path}`, "GET", cookie), { params: id ? { id } : {} });
const put = (id: string, cookie: string, body: unknown) =>
  runRoute(itemAction, apiRequest(`${BASE}/${id}`, "PUT", cookie, body), { params: { id } });
const convert = (id: string, cookie: string, body: unknown) =>
  runRoute(convertAction, apiRequest(`${BASE}/${id}/convert`, "POST", cookie, body), { params: { id } });

async function counts(accountId: string) {
  const db = await getDb();
  const of = async (table: typeof customers | typeof estimates | typeof jobs | typeof appointments) =>
    (await db.select({ n: count() }).from(table).where(eq(table.accountId, accountId)))[0].n;
  return {
    customers: await of(customers),
    estimates: await of(estimates),
    jobs: await of(jobs),
    appointments: await of(appointments),
  };
}

afterEach(() => setNow(null));

describe("GET /api/requests", () => {
  it("pages the account's requests, filters by status and refuses an unknown status", async () => {
    const a = await account();
    const b = await account();
    // Newest first: each request a minute after the one before (two made in the same
    // millisecond would be ordered by their random ids).
    for (let i = 0; i < 3; i++) {
      setNow(Date.UTC(2026, 10, 2, 9, i));
      await createWorkRequest(a.accountId, { ...visitor, name: `Visitor ${i}` });
    }
    setNow(null);
    await createWorkRequest(b.accountId, visitor);
    const page = await get("?pageSize=2", a.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Total-Count")).toBe("3");
    expect(page.headers.get("Link")).toContain('rel="next"');
    const items = (await page.json()) as { name: string; accountId?: string }[];
    expect(items.map((item) => item.name)).toEqual(["Visitor 2", "Visitor 1"]);
    expect(items[0].accountId).toBeUndefined();
    expect((await get("?status=archived", a.cookie)).headers.get("X-Total-Count")).toBe("0");
    expect((await get("?status=new", a.cookie)).headers.get("X-Total-Count")).toBe("3");
    const bad = await get("?status=open", a.cookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("status must be new, converted or archived");
  });
});

describe("GET and PUT /api/requests/{id}", () => {
  it("reads and archives the account's request; bad input is 400 and another account's id 404, nothing changed", async () => {
    const a = await account();
    const b = await account();
    const request = await createWorkRequest(a.accountId, visitor);
    expect(((await (await get(`/${request.id}`, a.cookie, request.id)).json()) as { name: string }).name).toBe("Luis Gómez");
    expect((await get(`/${request.id}`, b.cookie, request.id)).status).toBe(404);
    expect((await put(request.id, b.cookie, { status: "archived" })).status).toBe(404);
    for (const body of [{ status: "done" }, {}, { status: "archived", name: "x" }, "not json", { status: "converted" }]) {
      const answer = await put(request.id, a.cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const reply = (await answer.json()) as { message: string; errors?: unknown[] };
      expect(reply.message).toBeTruthy();
    }
    expect((await getWorkRequest(a.accountId, request.id))?.status).toBe("new");
    const archived = await put(request.id, a.cookie, { status: "archived" });
    expect(archived.status).toBe(200);
    expect(((await archived.json()) as { status: string }).status).toBe("archived");
  });

  it("refuses a technician with 403", async () => {
    const a = await account();
    const tech = await signedInMember(a.accountId, "technician");
    const request = await createWorkRequest(a.accountId, visitor);
    expect((await get("", tech.cookie)).status).toBe(403);
    expect((await put(request.id, tech.cookie, { status: "archived" })).status).toBe(403);
    expect((await convert(request.id, tech.cookie, { to: "customer" })).status).toBe(403);
    expect((await getWorkRequest(a.accountId, request.id))?.status).toBe("new");
  });
});

describe("POST /api/requests/{id}/convert", () => {
  it("makes each of the four records with 201, the request converted and linked", async () => {
    const a = await account();
    const request = await createWorkRequest(a.accountId, visitor);
    const made: Record<string, string> = {};
    for (const [to, extra] of [
      ["customer", {}],
      ["estimate", {}],
      ["job", {}],
      ["appointment", { scheduledDate: "2030-03-04T15:00:00.000Z" }],
    ] as const) {
      const answer = await convert(request.id, a.cookie, { to, ...extra });
      expect(answer.status, to).toBe(201);
      const body = (await answer.json()) as { kind: string; created: { id: string }; request: { status: string } };
      expect(body.kind).toBe(to);
      expect(body.request.status).toBe("converted");
      made[to] = body.created.id;
    }
    const stored = await getWorkRequest(a.accountId, request.id);
    expect(stored).toMatchObject({
      customerId: made.customer,
      estimateId: made.estimate,
      jobId: made.job,
      appointmentId: made.appointment,
      status: "converted",
    });
    expect(await counts(a.accountId)).toEqual({ customers: 1, estimates: 1, jobs: 1, appointments: 1 });
  });

  it("refuses bad input with 400 { message, errors } and another account's ids with 404, writing nothing", async () => {
    const a = await account();
    const b = await account();
    const theirs = await createCustomer(await getDb(), b.accountId, { name: "Theirs" });
    const request = await createWorkRequest(a.accountId, visitor);
    for (const body of [
      { to: "invoice" },
      {},
      { to: "customer", extra: true },
      { to: "appointment" },
      { to: "appointment", scheduledDate: "next tuesday" },
      { to: "appointment", scheduledDate: "2026-02-30T09:00:00Z" },
      { to: "job", customerId: theirs.id },
    ]) {
      const answer = await convert(request.id, a.cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const reply = (await answer.json()) as { message: string; errors: { path: string }[] };
      expect(reply.message, JSON.stringify(body)).toBeTruthy();
      expect(reply.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await convert(request.id, b.cookie, { to: "customer" })).status).toBe(404);
    expect((await convert("no-such-id", a.cookie, { to: "customer" })).status).toBe(404);
    expect(await counts(a.accountId)).toEqual({ customers: 0, estimates: 0, jobs: 0, appointments: 0 });
    expect(await counts(b.accountId)).toEqual({ customers: 1, estimates: 0, jobs: 0, appointments: 0 });
    const db = await getDb();
    const [row] = await db.select().from(workRequests).where(eq(workRequests.id, request.id));
    expect(row).toMatchObject({ status: "new", customerId: null, convertedAt: null });
  });
});
