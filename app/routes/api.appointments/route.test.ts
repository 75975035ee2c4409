// /api/appointments, /api/appointments/upcoming and /api/appointments/{id}, called as
// Remix calls them, with real sessions.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSettings } from "#db/schema";
import { createAppointment, createCustomer, createJob } from "#db/factories";
import { getAppointment, listAppointments } from "~/models/appointment.server";
import { getSettings } from "~/models/settings.server";
import { action as collectionAction, loader as collectionLoader } from "~/routes/api.appointments/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.appointments.$id/route";
import { loader as upcomingLoader } from "~/routes/api.appointments.upcoming/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL_BASE = "http://localhost/api/appointments";
const call = (method: string, cookie: string | null, body?: unknown, path = "") =>
  apiRequest(`${URL_BASE}${path}`, method, cookie, body);
const get = (cookie: string, path: string) => new Request(`${URL_BASE}${path}`, { headers: { Cookie: cookie } });

async function accountWithCustomer(name = "Ana Ruiz", phone: string | null = "(512) 555-0142", timeZone: string | null = null) {
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id, { name, phone });
  if (timeZone) {
    await getSettings(account.user.id);
    await db.update(accountSettings).set({ timeZone }).where(eq(accountSettings.accountId, account.user.id));
  }
  return { ...account, customer };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe("/api/appointments without a session", () => {
  it("answers 401 JSON for every method", async () => {
    for (const [handler, request, params] of [
      [collectionLoader, call("GET", null), {}],
      [collectionAction, call("POST", null, { title: "X" }), {}],
      [upcomingLoader, call("GET", null, undefined, "/upcoming"), {}],
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

describe("/api/appointments", () => {
  it("creates with the documented payload, reads, lists, updates and deletes", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const db = await getDb();
    const job = await createJob(db, user.id, { customerId: customer.id, title: "Panel upgrade" });
    const created = await runRoute(
      collectionAction,
      call("POST", cookie, {
        customerId: customer.id,
        jobId: job.id,
        title: "Panel walkthrough",
        description: "",
        location: "12 Elm St",
        appointmentType: "job",
        customType: "ignored for a job",
        scheduledDate: "2026-06-01T14:30:00.000Z",
        duration: 90,
        status: "scheduled",
        notes: "Gate code 4417",
      }),
    );
    expect(created.status).toBe(201);
    const appointment = await created.json();
    expect(appointment).toEqual({
      id: expect.any(String),
      customerId: customer.id,
      jobId: job.id,
      title: "Panel walkthrough",
      description: null,
      location: "12 Elm St",
      appointmentType: "job",
      customType: null,
      scheduledDate: "2026-06-01T14:30:00.000Z",
      duration: 90,
      status: "scheduled",
      notes: "Gate code 4417",
      assigneeId: null,
      createdAt: expect.any(String),
      customer: { name: "Ana Ruiz", phone: "(512) 555-0142" },
    });

    const read = await runRoute(itemLoader, call("GET", cookie, undefined, `/${appointment.id}`), {
      params: { id: appointment.id },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(appointment);

    const list = await runRoute(collectionLoader, call("GET", cookie));
    expect(list.headers.get("X-Total-Count")).toBe("1");
    expect(await list.json()).toEqual([appointment]);

    const updated = await runRoute(
      itemAction,
      call(
        "PUT",
        cookie,
        {
          customerId: customer.id,
          jobId: null,
          title: "Permit inspection",
          appointmentType: "other",
          customType: "Permit",
          scheduledDate: "2026-06-02T09:00:00-05:00",
          status: "completed",
        },
        `/${appointment.id}`,
      ),
      { params: { id: appointment.id } },
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: appointment.id,
      jobId: null,
      title: "Permit inspection",
      appointmentType: "other",
      customType: "Permit",
      scheduledDate: "2026-06-02T14:00:00.000Z",
      duration: 60,
      status: "completed",
      location: null,
      notes: null,
    });

    const deleted = await runRoute(itemAction, call("DELETE", cookie, undefined, `/${appointment.id}`), {
      params: { id: appointment.id },
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: "Appointment deleted" });
    expect(await getAppointment(user.id, appointment.id)).toBeUndefined();
  });

  it("defaults: type other, duration 60, status scheduled; a date without an offset is the account's wall clock", async () => {
    const { cookie, customer } = await accountWithCustomer("Ana Ruiz", null, "America/New_York");
    const created = await runRoute(
      collectionAction,
      call("POST", cookie, { customerId: customer.id, title: "Visit", scheduledDate: "2026-03-08T02:30" }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      appointmentType: "other",
      duration: 60,
      status: "scheduled",
      // 2:30 AM does not exist that night in New York: it is 3:30 AM EDT.
      scheduledDate: "2026-03-08T07:30:00.000Z",
      customer: { name: "Ana Ruiz", phone: null },
    });
    const winter = await (
      await runRoute(
        collectionAction,
        call("POST", cookie, { customerId: customer.id, title: "Visit", scheduledDate: "2026-01-15T09:00:00" }),
      )
    ).json();
    expect(winter.scheduledDate).toBe("2026-01-15T14:00:00.000Z");
  });

  it("rejects bad payloads with 400 { message, errors } and writes nothing", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const base = { customerId: customer.id, title: "Visit", scheduledDate: "2026-06-01T14:30:00.000Z" };
    const cases: [unknown, string, string?][] = [
      [{ title: "Visit", scheduledDate: base.scheduledDate }, "Please select a customer", "customerId"],
      [{ ...base, customerId: "none" }, "Please select a customer", "customerId"],
      [{ ...base, customerId: "" }, "Please select a customer", "customerId"],
      [{ ...base, customerId: 7 }, "Please select a customer", "customerId"],
      [{ ...base, customerId: "no-such-customer" }, "Please select a customer", "customerId"],
      [{ ...base, title: undefined }, "Title is required", "title"],
      [{ ...base, title: "  " }, "Title is required", "title"],
      [{ ...base, title: 5 }, "Expected text", "title"],
      [{ ...base, title: "x".repeat(201) }, "This is too long", "title"],
      [{ ...base, scheduledDate: undefined }, "Scheduled date is required", "scheduledDate"],
      [{ ...base, scheduledDate: null }, "Scheduled date is required", "scheduledDate"],
      [{ ...base, scheduledDate: "" }, "Scheduled date is required", "scheduledDate"],
      [{ ...base, scheduledDate: "2026-02-30T10:00" }, "Enter a real date and time", "scheduledDate"],
      [{ ...base, scheduledDate: "next tuesday" }, "Enter a real date and time", "scheduledDate"],
      [{ ...base, scheduledDate: 1767225600000 }, "Enter a real date and time", "scheduledDate"],
      [{ ...base, duration: 0 }, "Duration must be at least 1 minute", "duration"],
      [{ ...base, duration: -30 }, "Duration must be at least 1 minute", "duration"],
      [{ ...base, duration: "abc" }, "Duration must be at least 1 minute", "duration"],
      [{ ...base, duration: 1.5 }, "Duration must be a whole number of minutes", "duration"],
      [{ ...base, duration: 10_081 }, "Duration must be at most one week (10080 minutes)", "duration"],
      [{ ...base, appointmentType: "meeting" }, "Appointment type must be job, estimate or other", "appointmentType"],
      [{ ...base, status: "done" }, "Status must be scheduled, in_progress, completed, cancelled or rescheduled", "status"],
      [{ ...base, jobId: "no-such-job" }, "Job not found", "jobId"],
      [{ ...base, jobId: 12 }, "Job not found", "jobId"],
      [{ ...base, notes: "x".repeat(4001) }, "This is too long", "notes"],
      [{ ...base, id: "abc" }, "Unrecognized field(s): id", "id"],
      [{ ...base, createdAt: "2020-01-01" }, "Unrecognized field(s): createdAt", "createdAt"],
      [{ ...base, accountId: "someone" }, "Unrecognized field(s): accountId", "accountId"],
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
    const all = await (await runRoute(collectionAction, call("POST", cookie, {}))).json();
    expect(all.errors).toEqual([
      { path: "customerId", message: "Please select a customer" },
      { path: "title", message: "Title is required" },
      { path: "scheduledDate", message: "Scheduled date is required" },
    ]);
    expect((await listAppointments(user.id)).total).toBe(0);
  });

  it("refuses another account's customer and job, on create and update", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const db = await getDb();
    const theirJob = await createJob(db, b.user.id, { customerId: b.customer.id });
    const payload = { customerId: a.customer.id, title: "Visit", scheduledDate: "2026-06-01T14:30:00.000Z" };
    const foreignCustomer = await runRoute(collectionAction, call("POST", a.cookie, { ...payload, customerId: b.customer.id }));
    expect(foreignCustomer.status).toBe(400);
    expect(await foreignCustomer.json()).toEqual({
      message: "Please select a customer",
      errors: [{ path: "customerId", message: "Please select a customer" }],
    });
    const foreignJob = await runRoute(collectionAction, call("POST", a.cookie, { ...payload, jobId: theirJob.id }));
    expect(foreignJob.status).toBe(400);
    expect((await foreignJob.json()).message).toBe("Job not found");
    expect((await listAppointments(a.user.id)).total).toBe(0);

    const mine = await (await runRoute(collectionAction, call("POST", a.cookie, payload))).json();
    const moved = await runRoute(itemAction, call("PUT", a.cookie, { ...payload, customerId: b.customer.id }, `/${mine.id}`), {
      params: { id: mine.id },
    });
    expect(moved.status).toBe(400);
    expect((await getAppointment(a.user.id, mine.id))?.customerId).toBe(a.customer.id);
  });

  it("answers 404 for an unknown id or another account's appointment, and changes nothing", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const db = await getDb();
    const theirs = await createAppointment(db, b.user.id, { customerId: b.customer.id, title: "Their visit" });
    for (const id of [theirs.id, "no-such-appointment"]) {
      const read = await runRoute(itemLoader, call("GET", a.cookie, undefined, `/${id}`), { params: { id } });
      expect(read.status).toBe(404);
      expect(await read.json()).toEqual({ message: "Not found" });
      const put = await runRoute(
        itemAction,
        call(
          "PUT",
          a.cookie,
          { customerId: a.customer.id, title: "Hacked", scheduledDate: "2026-06-01T14:30:00.000Z" },
          `/${id}`,
        ),
        { params: { id } },
      );
      expect(put.status).toBe(404);
      // Even an invalid body answers 404: the id is checked first.
      expect((await runRoute(itemAction, call("PUT", a.cookie, {}, `/${id}`), { params: { id } })).status).toBe(404);
      expect((await runRoute(itemAction, call("DELETE", a.cookie, undefined, `/${id}`), { params: { id } })).status).toBe(404);
    }
    expect((await getAppointment(b.user.id, theirs.id))?.title).toBe("Their visit");
    expect(await (await runRoute(collectionLoader, call("GET", a.cookie))).json()).toEqual([]);
    expect(await (await runRoute(upcomingLoader, call("GET", a.cookie, undefined, "/upcoming"))).json()).toEqual([]);
  });

  it("searches, filters, bounds by day and pages the list", async () => {
    const { user, cookie, customer } = await accountWithCustomer("Carla Díaz", null, "America/New_York");
    const db = await getDb();
    await createAppointment(db, user.id, {
      customerId: customer.id,
      title: "Late evening",
      scheduledDate: new Date("2026-06-02T03:30:00Z"),
    }); // 11:30 PM June 1
    await createAppointment(db, user.id, {
      customerId: customer.id,
      title: "Morning",
      scheduledDate: new Date("2026-06-01T13:00:00Z"),
      status: "completed",
    });
    await createAppointment(db, user.id, {
      customerId: customer.id,
      title: "Next day",
      scheduledDate: new Date("2026-06-02T13:00:00Z"),
      location: "Kyle",
    });
    const titles = async (query: string) => {
      const response = await runRoute(collectionLoader, get(cookie, `?${query}`));
      expect(response.status, query).toBe(200);
      return {
        total: response.headers.get("X-Total-Count"),
        titles: (await response.json()).map((a: { title: string }) => a.title),
      };
    };
    expect(await titles("")).toEqual({ total: "3", titles: ["Morning", "Late evening", "Next day"] });
    expect(await titles("from=2026-06-01&to=2026-06-01")).toEqual({ total: "2", titles: ["Morning", "Late evening"] });
    expect(await titles("from=2026-06-02")).toEqual({ total: "1", titles: ["Next day"] });
    expect(await titles("status=completed")).toEqual({ total: "1", titles: ["Morning"] });
    expect(await titles("q=kyle")).toEqual({ total: "1", titles: ["Next day"] });
    expect(await titles("q=d%C3%ADaz&pageSize=2&page=2")).toEqual({ total: "3", titles: ["Next day"] });
    expect((await runRoute(collectionLoader, get(cookie, "?from=June"))).status).toBe(400);
    expect((await runRoute(collectionLoader, get(cookie, "?status=done"))).status).toBe(400);
  });

  it("upcoming: scheduled or rescheduled from now on, earliest first, ?limit= (default 5)", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const db = await getDb();
    await createAppointment(db, user.id, { customerId: customer.id, title: "Yesterday", scheduledDate: new Date(inDays(-1)) });
    await createAppointment(db, user.id, {
      customerId: customer.id,
      title: "Done",
      scheduledDate: new Date(inDays(1)),
      status: "completed",
    });
    await createAppointment(db, user.id, {
      customerId: customer.id,
      title: "Off",
      scheduledDate: new Date(inDays(1)),
      status: "cancelled",
    });
    for (let day = 7; day >= 2; day--) {
      await createAppointment(db, user.id, {
        customerId: customer.id,
        title: `In ${day} days`,
        scheduledDate: new Date(inDays(day)),
        status: day === 3 ? "rescheduled" : "scheduled",
      });
    }
    const upcoming = await runRoute(upcomingLoader, call("GET", cookie, undefined, "/upcoming"));
    expect(upcoming.status).toBe(200);
    const items = await upcoming.json();
    expect(items.map((a: { title: string }) => a.title)).toEqual([
      "In 2 days",
      "In 3 days",
      "In 4 days",
      "In 5 days",
      "In 6 days",
    ]);
    expect(items[0]).toMatchObject({ customer: { name: "Ana Ruiz" }, status: "scheduled" });
    const two = await (await runRoute(upcomingLoader, get(cookie, "/upcoming?limit=2"))).json();
    expect(two).toHaveLength(2);
  });

  it("refuses other methods with 405", async () => {
    const { cookie } = await accountWithCustomer();
    expect((await runRoute(collectionAction, call("PATCH", cookie, {}))).status).toBe(405);
    expect((await runRoute(itemAction, call("PATCH", cookie, {}, "/x"), { params: { id: "x" } })).status).toBe(405);
  });
});
