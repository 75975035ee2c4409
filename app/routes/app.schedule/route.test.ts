// The /app/schedule screens' loaders and actions (the schedule, new appointment, the
// appointment and job dialogs) and /app/search, called the way Remix calls them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSettings } from "#db/schema";
import { createAppointment, createCustomer, createJob } from "#db/factories";
import { getAppointment, listAppointments } from "~/models/appointment.server";
import { getSettings } from "~/models/settings.server";
import { loader as scheduleLoader } from "~/routes/app.schedule/route";
import { action as detailAction, loader as detailLoader } from "~/routes/app.schedule.$appointmentId/route";
import { action as deleteAction, loader as deleteLoader } from "~/routes/app.schedule.$appointmentId_.delete/route";
import { action as editAction } from "~/routes/app.schedule.$appointmentId_.edit/route";
import { loader as jobLoader } from "~/routes/app.schedule.jobs.$jobId/route";
import { action as newAction, loader as newLoader } from "~/routes/app.schedule.new/route";
import { loader as searchLoader } from "~/routes/app.search/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";
import { dayKey, setNow } from "~/lib/clock";
import { TODAY_LIMIT } from "~/lib/schedule";

const ORIGIN = "http://localhost";

async function account(timeZone = "America/Chicago") {
  const signedIn = await signedInAccount();
  const db = await getDb();
  await getSettings(signedIn.user.id);
  await db.update(accountSettings).set({ timeZone }).where(eq(accountSettings.accountId, signedIn.user.id));
  const customer = await createCustomer(db, signedIn.user.id, { name: "Ana Ruiz", phone: "555-0100" });
  return { ...signedIn, customer };
}

const form = {
  appointmentType: "other",
  customType: "",
  title: "Site survey",
  description: "",
  duration: "60",
  location: "",
  notes: "",
};

describe("/app/schedule/new", () => {
  it("creates the appointment at the account's wall clock and returns to the schedule with a toast", async () => {
    const { user, cookie, customer } = await account();
    const loaded = await runRoute(newLoader, "/app/schedule/new", { cookie });
    expect(loaded.data).toMatchObject({ timeZone: "America/Chicago", customers: [{ id: customer.id, name: "Ana Ruiz" }] });

    const result = await runRoute(
      newAction,
      formRequest(
        `${ORIGIN}/app/schedule/new?tab=list&q=survey`,
        {
          ...form,
          customerId: customer.id,
          appointmentType: "estimate",
          customType: "dropped: not an other",
          scheduledDate: "2026-07-01T09:30",
          duration: "45",
        },
        { Cookie: cookie },
      ),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/schedule?tab=list&q=survey");
    expect(await toastOf(result.headers)).toMatchObject({ title: "schedule.toasts.created", values: { title: "Site survey" } });
    const [created] = (await listAppointments(user.id)).items;
    expect(created).toMatchObject({
      title: "Site survey",
      appointmentType: "estimate",
      customType: null,
      duration: 45,
      status: "scheduled",
      scheduledDate: new Date("2026-07-01T14:30:00Z"),
    });
  });

  it("answers 400 with the form's messages and creates nothing", async () => {
    const { user, cookie } = await account();
    const result = await runRoute(
      newAction,
      formRequest(
        `${ORIGIN}/app/schedule/new`,
        { ...form, customerId: "none", title: "", scheduledDate: "", duration: "0" },
        { Cookie: cookie },
      ),
    );
    expect(result.status).toBe(400);
    const { error } = (result.data as { result: { error: Record<string, string[]> } }).result;
    expect(error).toMatchObject({
      customerId: ["schedule.form.customerRequired"],
      title: ["schedule.form.titleRequired"],
      scheduledDate: ["schedule.form.dateRequired"],
      duration: ["schedule.form.durationMin"],
    });
    expect((await listAppointments(user.id)).total).toBe(0);
  });

  it("refuses another account's customer as no customer chosen", async () => {
    const a = await account();
    const b = await account();
    const result = await runRoute(
      newAction,
      formRequest(
        `${ORIGIN}/app/schedule/new`,
        { ...form, customerId: b.customer.id, scheduledDate: "2026-07-01T09:30" },
        { Cookie: a.cookie },
      ),
    );
    expect(result.status).toBe(400);
    expect((await listAppointments(a.user.id)).total).toBe(0);
  });
});

describe("/app/schedule", () => {
  it("loads the tab's window: today and upcoming, a week, or a page of the list", async () => {
    const { user, cookie, customer } = await account("UTC");
    const other = await account("UTC");
    const db = await getDb();
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    await createAppointment(db, user.id, { customerId: customer.id, title: "Soon", scheduledDate: later });
    await createAppointment(db, other.user.id, { customerId: other.customer.id, title: "Not mine", scheduledDate: later });
    await createJob(db, user.id, {
      customerId: customer.id,
      title: "Panel upgrade",
      scheduledDate: new Date("2030-03-12T15:00:00Z"),
    });

    const today = (await runRoute(scheduleLoader, "/app/schedule", { cookie })).data as {
      view: { tab: string; todayItems: { title: string }[]; upcoming: { title: string }[] };
      today: string;
    };
    expect(today.today).toBe(dayKey(now, "UTC"));
    expect(today.view.tab).toBe("today");
    // (Unless the minute ahead falls on tomorrow.)
    if (dayKey(later, "UTC") === today.today) expect(today.view.todayItems.map((i) => i.title)).toEqual(["Soon"]);
    expect(today.view.upcoming.map((i) => i.title)).toContain("Soon");
    expect(today.view.upcoming.map((i) => i.title)).not.toContain("Not mine");

    const week = (await runRoute(scheduleLoader, "/app/schedule?tab=calendar&week=2030-03-13", { cookie })).data as {
      params: { week: string };
      view: { days: { day: string; items: { title: string; isJob: boolean }[] }[] };
    };
    expect(week.params.week).toBe("2030-03-10");
    expect(week.view.days.map((d) => d.items.map((i) => i.title))).toEqual([[], [], ["Panel upgrade"], [], [], [], []]);

    const list = (await runRoute(scheduleLoader, "/app/schedule?tab=list&q=panel", { cookie })).data as {
      view: { items: { title: string }[]; total: number };
    };
    expect(list.view.items.map((i) => i.title)).toEqual(["Panel upgrade"]);
    expect(list.view.total).toBe(1);
  });
});

describe("/app/schedule, the Today tab of a busy day", () => {
  it("shows the day's first items in the account's zone and counts the rest", async () => {
    // 10:00 in Chicago on 2026-11-16; Chicago's day runs from 06:00 UTC to 06:00 UTC the next day.
    setNow("2026-11-16T16:00:00Z");
    try {
      const { user, cookie, customer } = await account();
      const other = await account();
      const db = await getDb();
      for (let i = TODAY_LIMIT + 2; i >= 0; i--) {
        const scheduledDate = new Date(Date.UTC(2026, 10, 16, 6, i * 30));
        await createAppointment(db, user.id, { customerId: customer.id, title: `Visit ${i}`, scheduledDate });
      }
      await createAppointment(db, user.id, {
        customerId: customer.id,
        title: "Yesterday in Chicago",
        scheduledDate: new Date("2026-11-16T05:30:00Z"),
      });
      await createAppointment(db, other.user.id, {
        customerId: other.customer.id,
        title: "Not mine",
        scheduledDate: new Date("2026-11-16T06:00:00Z"),
      });
      type Today = { today: string; view: { todayItems: { title: string }[]; todayTotal: number } };
      const busy = (await runRoute(scheduleLoader, "/app/schedule", { cookie })).data as Today;
      expect(busy.today).toBe("2026-11-16");
      expect(busy.view.todayItems.map((i) => i.title)).toEqual(Array.from({ length: TODAY_LIMIT }, (_, i) => `Visit ${i}`));
      expect(busy.view.todayTotal).toBe(TODAY_LIMIT + 3);
      const searched = (await runRoute(scheduleLoader, "/app/schedule?q=Visit%2014", { cookie })).data as Today;
      expect(searched.view).toMatchObject({ todayTotal: 1, todayItems: [{ title: "Visit 14" }] });
    } finally {
      setNow(null);
    }
  });
});

describe("the appointment dialog", () => {
  async function withAppointment() {
    const a = await account();
    const db = await getDb();
    const job = await createJob(db, a.user.id, { customerId: a.customer.id, title: "Panel upgrade" });
    const appointment = await createAppointment(db, a.user.id, {
      customerId: a.customer.id,
      jobId: job.id,
      title: "Walkthrough",
    });
    return { ...a, job, appointment };
  }

  it("shows the appointment with its customer and job; another account's is 404", async () => {
    const { cookie, appointment, job } = await withAppointment();
    const other = await account();
    const loaded = await runRoute(detailLoader, `/app/schedule/${appointment.id}`, {
      cookie,
      params: { appointmentId: appointment.id },
    });
    expect(loaded.data).toMatchObject({
      detail: { appointment: { title: "Walkthrough" }, customer: { name: "Ana Ruiz" }, job: { id: job.id } },
      timeZone: "America/Chicago",
    });
    expect(
      (
        await runRoute(detailLoader, `/app/schedule/${appointment.id}`, {
          cookie: other.cookie,
          params: { appointmentId: appointment.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await runRoute(
          detailAction,
          formRequest(`${ORIGIN}/app/schedule/${appointment.id}`, { intent: "complete" }, { Cookie: other.cookie }),
          { params: { appointmentId: appointment.id } },
        )
      ).status,
    ).toBe(404);
    expect((await getAppointment(appointment.accountId, appointment.id))?.status).toBe("scheduled");
  });

  it("marks completed, cancels and reschedules, each with a toast", async () => {
    const { user, cookie, appointment } = await withAppointment();
    const post = (fields: Record<string, string>) =>
      runRoute(detailAction, formRequest(`${ORIGIN}/app/schedule/${appointment.id}?tab=calendar`, fields, { Cookie: cookie }), {
        params: { appointmentId: appointment.id },
      });

    const completed = await post({ intent: "complete" });
    expect(completed.status).toBe(302);
    expect(completed.headers.get("Location")).toBe("/app/schedule?tab=calendar");
    expect(await toastOf(completed.headers)).toMatchObject({ title: "schedule.toasts.completed" });
    expect((await getAppointment(user.id, appointment.id))?.status).toBe("completed");

    await post({ intent: "cancel" });
    expect((await getAppointment(user.id, appointment.id))?.status).toBe("cancelled");

    const bad = await post({ intent: "reschedule", scheduledDate: "2026-02-30T10:00" });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ rescheduleErrors: ["schedule.form.dateInvalid"] });

    const moved = await post({ intent: "reschedule", scheduledDate: "2026-12-01T08:00" });
    expect(await toastOf(moved.headers)).toMatchObject({ title: "schedule.toasts.rescheduled" });
    expect(await getAppointment(user.id, appointment.id)).toMatchObject({
      status: "rescheduled",
      scheduledDate: new Date("2026-12-01T14:00:00Z"),
    });
  });

  it("deletes after its confirm step, keeps the linked job, and returns to the schedule with a toast", async () => {
    const { user, cookie, appointment, job } = await withAppointment();
    const other = await account();
    const confirm = await runRoute(deleteLoader, `/app/schedule/${appointment.id}/delete`, {
      cookie,
      params: { appointmentId: appointment.id },
    });
    expect(confirm.data).toEqual({ appointment: { id: appointment.id, title: "Walkthrough" } });
    // Another account's delete is 404 and deletes nothing.
    const theirs = await runRoute(
      deleteAction,
      formRequest(`${ORIGIN}/app/schedule/${appointment.id}/delete`, {}, { Cookie: other.cookie }),
      { params: { appointmentId: appointment.id } },
    );
    expect(theirs.status).toBe(404);
    expect(await getAppointment(user.id, appointment.id)).toBeDefined();

    const deleted = await runRoute(
      deleteAction,
      formRequest(`${ORIGIN}/app/schedule/${appointment.id}/delete?tab=list`, {}, { Cookie: cookie }),
      { params: { appointmentId: appointment.id } },
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/app/schedule?tab=list");
    expect(await toastOf(deleted.headers)).toMatchObject({ title: "schedule.toasts.deleted", values: { title: "Walkthrough" } });
    expect(await getAppointment(user.id, appointment.id)).toBeUndefined();
    expect((await runRoute(jobLoader, `/app/schedule/jobs/${job.id}`, { cookie, params: { jobId: job.id } })).status).toBe(200);
    // A second delete finds nothing.
    const again = await runRoute(
      deleteAction,
      formRequest(`${ORIGIN}/app/schedule/${appointment.id}/delete`, {}, { Cookie: cookie }),
      { params: { appointmentId: appointment.id } },
    );
    expect(again.status).toBe(404);
  });

  it("edits the fields and keeps the job and the status", async () => {
    const { user, cookie, customer, appointment, job } = await withAppointment();
    const result = await runRoute(
      editAction,
      formRequest(
        `${ORIGIN}/app/schedule/${appointment.id}/edit`,
        {
          ...form,
          customerId: customer.id,
          title: "Walkthrough (moved)",
          customType: "Permit",
          scheduledDate: "2026-12-02T07:15",
          duration: "30",
        },
        { Cookie: cookie },
      ),
      { params: { appointmentId: appointment.id } },
    );
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({ title: "schedule.toasts.updated" });
    expect(await getAppointment(user.id, appointment.id)).toMatchObject({
      title: "Walkthrough (moved)",
      appointmentType: "other",
      customType: "Permit",
      duration: 30,
      jobId: job.id,
      status: "scheduled",
      scheduledDate: new Date("2026-12-02T13:15:00Z"),
    });
  });

  it("opens a job's detail from the schedule; another account's job is 404", async () => {
    const { cookie, job } = await withAppointment();
    const other = await account();
    const loaded = await runRoute(jobLoader, `/app/schedule/jobs/${job.id}`, { cookie, params: { jobId: job.id } });
    expect(loaded.data).toMatchObject({ detail: { job: { title: "Panel upgrade" }, appointments: [{ title: "Walkthrough" }] } });
    expect(
      (await runRoute(jobLoader, `/app/schedule/jobs/${job.id}`, { cookie: other.cookie, params: { jobId: job.id } })).status,
    ).toBe(404);
  });
});

describe("/app/search", () => {
  it("searches the account's customers, jobs, estimates and invoices", async () => {
    const { cookie, customer, user } = await account();
    const db = await getDb();
    await createJob(db, user.id, { customerId: customer.id, title: "Ruiz kitchen rewire" });
    const empty = await runRoute(searchLoader, "/app/search", { cookie });
    expect(empty.data).toMatchObject({ q: "", results: null });
    const found = (await runRoute(searchLoader, "/app/search?q=ruiz", { cookie })).data as {
      results: { customers: { total: number }; jobs: { items: { title: string }[] } };
    };
    expect(found.results.customers.total).toBe(1);
    expect(found.results.jobs.items.map((j) => j.title)).toEqual(["Ruiz kitchen rewire"]);
  });
});
