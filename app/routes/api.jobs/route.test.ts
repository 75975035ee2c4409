// /api/jobs and /api/jobs/{id}, called as Remix calls them, with real sessions.
import { describe, expect, it } from "vitest";
import { createAppointment, createCustomer, createEstimate } from "#db/factories";
import { countJobs, getJob } from "~/models/job.server";
import { action as collectionAction, loader as collectionLoader } from "~/routes/api.jobs/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.jobs.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL_BASE = "http://localhost/api/jobs";

const call = (method: string, cookie: string | null, body?: unknown, path = "") =>
  apiRequest(`${URL_BASE}${path}`, method, cookie, body);

async function accountWithCustomer(name = "Ana Ruiz", phone: string | null = "555-0100") {
  const account = await signedInAccount();
  const customer = await createCustomer(await getDb(), account.user.id, { name, phone });
  return { ...account, customer };
}

describe("/api/jobs without a session", () => {
  it("answers 401 JSON for every method", async () => {
    for (const [handler, request, params] of [
      [collectionLoader, call("GET", null), {}],
      [collectionAction, call("POST", null, { title: "X" }), {}],
      [itemLoader, call("GET", null, undefined, "/x"), { id: "x" }],
      [itemAction, call("PUT", null, { title: "X" }, "/x"), { id: "x" }],
      [itemAction, call("DELETE", null, undefined, "/x"), { id: "x" }],
    ] as const) {
      const response = await runRoute(handler, request, { params });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Not authenticated" });
    }
  });
});

describe("/api/jobs", () => {
  it("creates, reads, lists, updates and deletes a job, with money as strings and the customer embedded", async () => {
    const { user, cookie, customer } = await accountWithCustomer("Ana Ruiz", "(512) 555-0142");
    const created = await runRoute(
      collectionAction,
      call("POST", cookie, {
        customerId: customer.id,
        title: "Panel upgrade",
        description: "",
        location: "12 Elm St",
        status: "in-progress",
        scheduledDate: "2025-06-01T09:30:00.000Z",
        completedDate: null,
        totalAmount: 1234.5,
      }),
    );
    expect(created.status).toBe(201);
    const job = await created.json();
    expect(job).toEqual({
      id: expect.any(String),
      customerId: customer.id,
      title: "Panel upgrade",
      description: null,
      location: "12 Elm St",
      status: "in_progress",
      scheduledDate: "2025-06-01T09:30:00.000Z",
      completedDate: null,
      totalAmount: "1234.50",
      assigneeId: null,
      createdAt: expect.any(String),
      customer: { name: "Ana Ruiz", phone: "(512) 555-0142" },
    });

    const read = await runRoute(itemLoader, call("GET", cookie, undefined, `/${job.id}`), { params: { id: job.id } });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(job);

    const list = await runRoute(collectionLoader, call("GET", cookie));
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Total-Count")).toBe("1");
    expect(await list.json()).toEqual([job]);

    const updated = await runRoute(
      itemAction,
      call(
        "PUT",
        cookie,
        {
          customerId: customer.id,
          title: "Panel upgrade 200A",
          status: "completed",
          completedDate: "2025-06-02",
          totalAmount: "99999999.99",
        },
        `/${job.id}`,
      ),
      { params: { id: job.id } },
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: job.id,
      title: "Panel upgrade 200A",
      status: "completed",
      location: null,
      scheduledDate: null,
      completedDate: "2025-06-02T00:00:00.000Z",
      totalAmount: "99999999.99",
    });

    const deleted = await runRoute(itemAction, call("DELETE", cookie, undefined, `/${job.id}`), { params: { id: job.id } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Job deleted" });
    expect(await getJob(user.id, job.id)).toBeUndefined();
    const gone = await runRoute(itemLoader, call("GET", cookie, undefined, `/${job.id}`), { params: { id: job.id } });
    expect(gone.status).toBe(404);
  });

  it("defaults the status to pending and stores empty fields as null", async () => {
    const { cookie, customer } = await accountWithCustomer();
    const created = await runRoute(
      collectionAction,
      call("POST", cookie, { customerId: customer.id, title: "Quick fix", totalAmount: "" }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: "pending", totalAmount: null, description: null, scheduledDate: null });
  });

  it("searches and filters with ?q= and ?status=, and pages with ?pageSize=", async () => {
    const { cookie, customer } = await accountWithCustomer("Carla Díaz");
    for (const [title, status] of [
      ["Panel upgrade", "pending"],
      ["Water heater", "in_progress"],
      ["Furnace tune-up", "completed"],
    ]) {
      expect((await runRoute(collectionAction, call("POST", cookie, { customerId: customer.id, title, status }))).status).toBe(
        201,
      );
    }
    const titles = async (query: string) => {
      const response = await runRoute(collectionLoader, new Request(`${URL_BASE}?${query}`, { headers: { Cookie: cookie } }));
      return {
        total: response.headers.get("X-Total-Count"),
        titles: (await response.json()).map((job: { title: string }) => job.title),
      };
    };
    expect(await titles("q=heater")).toEqual({ total: "1", titles: ["Water heater"] });
    expect(await titles("q=d%C3%ADaz&sort=title")).toEqual({
      total: "3",
      titles: ["Furnace tune-up", "Panel upgrade", "Water heater"],
    });
    expect(await titles("status=in-progress")).toEqual({ total: "1", titles: ["Water heater"] });
    expect(await titles("status=completed&q=panel")).toEqual({ total: "0", titles: [] });
    expect(await titles("sort=title&pageSize=2&page=2")).toEqual({ total: "3", titles: ["Water heater"] });
    expect((await titles("status=all")).total).toBe("3");
    expect((await titles("status=")).total).toBe("3");
    // A status that is none of them is a clear 400, not the whole list looking filtered.
    const bogus = await runRoute(collectionLoader, new Request(`${URL_BASE}?status=bogus`, { headers: { Cookie: cookie } }));
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ message: "status must be pending, in_progress, completed or cancelled." });
  });

  it("rejects bad payloads with 400 { message, errors } and writes nothing", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const base = { customerId: customer.id, title: "Job" };
    const cases: [unknown, string, string?][] = [
      [{}, "Please select a customer", "customerId"],
      [{ title: "Job" }, "Please select a customer", "customerId"],
      [{ ...base, customerId: "" }, "Please select a customer", "customerId"],
      [{ ...base, customerId: "none" }, "Please select a customer", "customerId"],
      [{ ...base, customerId: 42 }, "Please select a customer", "customerId"],
      [{ customerId: customer.id }, "Title is required", "title"],
      [{ ...base, title: "   " }, "Title is required", "title"],
      [{ ...base, title: 7 }, "Expected text", "title"],
      [{ ...base, title: "x".repeat(201) }, "This is too long", "title"],
      [{ ...base, status: "done" }, "Choose a status: pending, in progress, completed or cancelled", "status"],
      [{ ...base, totalAmount: "12.345" }, "Enter the amount as a number with at most two decimals, like 1234.50", "totalAmount"],
      [{ ...base, totalAmount: "abc" }, "Enter the amount as a number with at most two decimals, like 1234.50", "totalAmount"],
      [{ ...base, totalAmount: -1 }, "The amount cannot be negative", "totalAmount"],
      [{ ...base, totalAmount: "100000000" }, "The amount can be at most 99,999,999.99", "totalAmount"],
      [{ ...base, scheduledDate: "2025-02-30" }, "Enter a valid date", "scheduledDate"],
      [{ ...base, completedDate: "yesterday" }, "Enter a valid date", "completedDate"],
      [{ ...base, id: "abc" }, "Unrecognized field(s): id", "id"],
      [{ ...base, createdAt: "2020-01-01" }, "Unrecognized field(s): createdAt", "createdAt"],
      [{ ...base, accountId: "someone" }, "Unrecognized field(s): accountId", "accountId"],
      [{ ...base, customer: { name: "X" } }, "Unrecognized field(s): customer", "customer"],
      ["{broken", "Request body is not valid JSON."],
      ["[]", "Request body must be a JSON object."],
    ];
    for (const [body, message, path] of cases) {
      const response = await runRoute(collectionAction, call("POST", cookie, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect(answer.message, JSON.stringify(body)).toBe(message);
      if (path) expect(answer.errors, JSON.stringify(body)).toContainEqual({ path, message });
    }
    const both = await (await runRoute(collectionAction, call("POST", cookie, {}))).json();
    expect(both.errors).toEqual([
      { path: "customerId", message: "Please select a customer" },
      { path: "title", message: "Title is required" },
    ]);
    expect(await countJobs(user.id)).toBe(0);
  });

  it("treats another account's customer as no customer chosen, on create and update", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const created = await runRoute(collectionAction, call("POST", a.cookie, { customerId: b.customer.id, title: "Sneaky" }));
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({
      message: "Please select a customer",
      errors: [{ path: "customerId", message: "Please select a customer" }],
    });
    expect(await countJobs(a.user.id)).toBe(0);

    const mine = await (
      await runRoute(collectionAction, call("POST", a.cookie, { customerId: a.customer.id, title: "Mine" }))
    ).json();
    const moved = await runRoute(itemAction, call("PUT", a.cookie, { customerId: b.customer.id, title: "Mine" }, `/${mine.id}`), {
      params: { id: mine.id },
    });
    expect(moved.status).toBe(400);
    expect((await moved.json()).message).toBe("Please select a customer");
    expect((await getJob(a.user.id, mine.id))?.customerId).toBe(a.customer.id);
  });

  it("answers 404 for an unknown id or another account's job, and changes nothing", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const theirs = await (
      await runRoute(
        collectionAction,
        call("POST", b.cookie, { customerId: b.customer.id, title: "Their job", totalAmount: "10.00" }),
      )
    ).json();
    for (const id of [theirs.id, "no-such-job"]) {
      const read = await runRoute(itemLoader, call("GET", a.cookie, undefined, `/${id}`), { params: { id } });
      expect(read.status).toBe(404);
      expect(await read.json()).toEqual({ message: "Not found" });
      const put = await runRoute(itemAction, call("PUT", a.cookie, { customerId: a.customer.id, title: "Hacked" }, `/${id}`), {
        params: { id },
      });
      expect(put.status).toBe(404);
      const del = await runRoute(itemAction, call("DELETE", a.cookie, undefined, `/${id}`), { params: { id } });
      expect(del.status).toBe(404);
    }
    expect(await getJob(b.user.id, theirs.id)).toMatchObject({
      title: "Their job",
      totalAmount: 1000,
      customerId: b.customer.id,
    });
    expect(await countJobs(a.user.id)).toBe(0);
    const list = await runRoute(collectionLoader, call("GET", a.cookie));
    expect(await list.json()).toEqual([]);
  });

  it("deleting keeps the job's estimates and appointments", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const db = await getDb();
    const job = await (
      await runRoute(collectionAction, call("POST", cookie, { customerId: customer.id, title: "Linked" }))
    ).json();
    const estimate = await createEstimate(db, user.id, { jobId: job.id });
    const appointment = await createAppointment(db, user.id, { jobId: job.id });
    expect((await runRoute(itemAction, call("DELETE", cookie, undefined, `/${job.id}`), { params: { id: job.id } })).status).toBe(
      200,
    );
    const rows = await db.query.estimates.findFirst({ where: (table, { eq }) => eq(table.id, estimate.id) });
    const appt = await db.query.appointments.findFirst({ where: (table, { eq }) => eq(table.id, appointment.id) });
    expect(rows?.jobId).toBeNull();
    expect(appt?.jobId).toBeNull();
  });

  it("refuses other methods with 405", async () => {
    const { cookie } = await accountWithCustomer();
    expect((await runRoute(collectionAction, call("PATCH", cookie, {}))).status).toBe(405);
    expect((await runRoute(itemAction, call("PATCH", cookie, {}, "/x"), { params: { id: "x" } })).status).toBe(405);
  });
});
