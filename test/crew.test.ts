// The crew's work (decision 030): jobs and appointments assigned to a member, the API's
// ?assignee= and assigneeId, a technician's own work only (another technician's is 404), and
// My day: On my way e-mailed once per visit (a real SMTP server on loopback), Start, Complete,
// the offer to complete the job, notes, and notifications that say who did it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { accountMembers, accountSettings, appointments, jobs, notifications, visitEvents } from "#db/schema";
import { env } from "~/infrastructure/env.server";
import { getDb } from "~/infrastructure/db.server";
import { loader as jobsApi, action as jobsApiAction } from "~/routes/api.jobs/route";
import { loader as jobApi, action as jobApiAction } from "~/routes/api.jobs.$id/route";
import { loader as appointmentsApi, action as appointmentsApiAction } from "~/routes/api.appointments/route";
import { loader as appointmentApi } from "~/routes/api.appointments.$id/route";
import { action as myDayAction, loader as myDayLoader } from "~/routes/app.my-day/route";
import { loader as myDayJob } from "~/routes/app.my-day.jobs.$jobId/route";
import { loader as jobPage } from "~/routes/app.jobs.$jobId/route";
import { action as teamPage } from "~/routes/app.settings_.team/route";
import { loader as scheduleLoader } from "~/routes/app.schedule/route";
import { action as appointmentAction, loader as appointmentDialog } from "~/routes/app.schedule.$appointmentId/route";
import { createCustomer } from "~/models/customer.server";
import { activityFor } from "~/models/activity.server";
import type { ActivityEvent } from "~/lib/activity";
import { action as estimatesApiAction } from "~/routes/api.estimates/route";
import { action as fromEstimateApi } from "~/routes/api.invoices.from-estimate.$id/route";
import { action as paymentsApi } from "~/routes/api.invoices.$id.payments/route";
import { action as invoiceShareApi } from "~/routes/api.invoices.$id.share/route";
import { signedInAccount, signedInMember } from "./accounts";
import { changedTables, tableChecksums } from "./db-checksum";
import { mailText } from "./mime";
import { runRoute, toastOf } from "./route";
import { startSmtpServer } from "./smtp-server";
import { now as clockNow } from "~/lib/clock";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  env().SMTP_URL = smtp.url;
});
afterAll(async () => {
  env().SMTP_URL = undefined;
  await smtp.close();
});

async function memberIdOf(userId: string) {
  const db = await getDb();
  const row = await db.select().from(accountMembers).where(eq(accountMembers.userId, userId)).get();
  return row!.id;
}

/** An account with an owner, two technicians, a customer with an e-mail, and a job and a visit today for the first technician. */
async function crew() {
  const owner = await signedInAccount("Olivia Owner");
  const accountId = owner.user.id;
  const ana = await signedInMember(accountId, "technician", "Ana Torres");
  const ben = await signedInMember(accountId, "technician", "Ben Ortiz");
  const anaId = await memberIdOf(ana.user.id);
  const benId = await memberIdOf(ben.user.id);
  const customer = await createCustomer(accountId, {
    name: "Carla Díaz",
    email: `carla-${crypto.randomUUID()}@example.com`,
    phone: "(512) 555-0100",
    address: "12 Oak St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    notes: null,
  });
  const api = (handler: unknown, path: string, cookie: string, method = "GET", json?: unknown, params = {}) =>
    runRoute(handler, path, { cookie, method, json, params });
  const job = await (
    await api(jobsApiAction, "/api/jobs", owner.cookie, "POST", {
      customerId: customer.id,
      title: "Panel upgrade",
      totalAmount: "2400.00",
      assigneeId: anaId,
    })
  ).json();
  const soon = new Date(clockNow().getTime() + 5 * 60_000).toISOString();
  const visit = await (
    await api(appointmentsApiAction, "/api/appointments", owner.cookie, "POST", {
      customerId: customer.id,
      jobId: job.id,
      title: "Swap the panel",
      scheduledDate: soon,
      assigneeId: anaId,
    })
  ).json();
  const otherJob = await (
    await api(jobsApiAction, "/api/jobs", owner.cookie, "POST", {
      customerId: customer.id,
      title: "Ben's job",
      assigneeId: benId,
    })
  ).json();
  return { owner, accountId, ana, ben, anaId, benId, customer, job, visit, otherJob, api };
}

const post = (cookie: string, form: Record<string, string>) =>
  runRoute(myDayAction, "/app/my-day", { cookie, form: { day: "", ...form } });

describe("assigning work", () => {
  it("keeps the assignee on jobs and appointments, filters by ?assignee= and refuses a non-member with 400", async () => {
    const { owner, anaId, benId, job, visit, customer, api } = await crew();
    expect(job.assigneeId).toBe(anaId);
    expect(visit.assigneeId).toBe(anaId);

    const anaJobs = await (await api(jobsApi, `/api/jobs?assignee=${anaId}`, owner.cookie)).json();
    expect(anaJobs.map((j: { id: string }) => j.id)).toEqual([job.id]);
    const benVisits = await (await api(appointmentsApi, `/api/appointments?assignee=${benId}`, owner.cookie)).json();
    expect(benVisits).toEqual([]);
    const mine = await api(jobsApi, "/api/jobs?assignee=me", owner.cookie);
    expect(await mine.json()).toEqual([]);

    // Someone else's member, a made-up id: refused, nothing written.
    const stranger = await signedInAccount("Stranger");
    const strangerMember = await memberIdOf(stranger.user.id);
    const before = await tableChecksums();
    for (const assigneeId of [strangerMember, "not-a-member", 42]) {
      const refused = await api(jobsApiAction, "/api/jobs", owner.cookie, "POST", {
        customerId: customer.id,
        title: "X",
        assigneeId,
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe("Choose a member of your team, or nobody");
    }
    const badFilter = await api(jobsApi, `/api/jobs?assignee=${strangerMember}`, owner.cookie);
    expect(badFilter.status).toBe(400);
    expect(changedTables(before, await tableChecksums())).toEqual([]);

    // Unassigning: null.
    const put = await api(
      jobApiAction,
      `/api/jobs/${job.id}`,
      owner.cookie,
      "PUT",
      {
        customerId: customer.id,
        title: job.title,
        assigneeId: null,
      },
      { id: job.id },
    );
    expect((await put.json()).assigneeId).toBeNull();
  });

  it("unassigns the work of a member who is removed from the team", async () => {
    const { owner, accountId, anaId, job, visit } = await crew();
    const removed = await runRoute(teamPage, "/app/settings/team", {
      cookie: owner.cookie,
      form: { intent: "remove", memberId: anaId },
    });
    expect(removed.status).toBeLessThan(400);
    const db = await getDb();
    expect((await db.select().from(jobs).where(eq(jobs.id, job.id)).get())?.assigneeId).toBeNull();
    expect(
      (
        await db
          .select()
          .from(appointments)
          .where(and(eq(appointments.id, visit.id), eq(appointments.accountId, accountId)))
          .get()
      )?.assigneeId,
    ).toBeNull();
  });
});

describe("a technician's own work", () => {
  it("reads only their jobs and visits through the API, 404 for another technician's, 403 for changes", async () => {
    const { ana, ben, job, visit, otherJob, api } = await crew();
    const listed = await (await api(jobsApi, "/api/jobs", ana.cookie)).json();
    expect(listed.map((j: { id: string }) => j.id)).toEqual([job.id]);
    // ?assignee= of someone else is ignored: a technician always gets their own.
    const asked = await (await api(appointmentsApi, "/api/appointments?assignee=anyone", ana.cookie)).json();
    expect(asked.map((a: { id: string }) => a.id)).toEqual([visit.id]);
    expect((await api(jobApi, `/api/jobs/${job.id}`, ana.cookie, "GET", undefined, { id: job.id })).status).toBe(200);
    expect((await api(jobApi, `/api/jobs/${otherJob.id}`, ana.cookie, "GET", undefined, { id: otherJob.id })).status).toBe(404);
    expect(
      (await api(appointmentApi, `/api/appointments/${visit.id}`, ben.cookie, "GET", undefined, { id: visit.id })).status,
    ).toBe(404);

    const before = await tableChecksums();
    const put = await api(jobApiAction, `/api/jobs/${job.id}`, ana.cookie, "PUT", { title: "Mine now" }, { id: job.id });
    expect(put.status).toBe(403);
    const create = await api(jobsApiAction, "/api/jobs", ana.cookie, "POST", { title: "New" });
    expect(create.status).toBe(403);
    expect(changedTables(before, await tableChecksums())).toEqual([]);
  });

  it("opens their job from My day without any money, and another technician's job is 404", async () => {
    const { owner, ana, job, otherJob } = await crew();
    const page = await runRoute(myDayJob, `/app/my-day/jobs/${job.id}`, { cookie: ana.cookie, params: { jobId: job.id } });
    expect(page.status).toBe(200);
    const data = page.data as { detail: { job: { totalAmount: unknown } }; money: boolean; assigneeName: string };
    expect(data.money).toBe(false);
    expect(data.detail.job.totalAmount).toBeNull();
    expect(data.assigneeName).toBe("Ana Torres");
    expect(await page.clone().text()).not.toContain("240000");

    const other = await runRoute(myDayJob, `/app/my-day/jobs/${otherJob.id}`, {
      cookie: ana.cookie,
      params: { jobId: otherJob.id },
    });
    expect(other.status).toBe(404);
    // The owner sees the money.
    const owners = await runRoute(myDayJob, `/app/my-day/jobs/${otherJob.id}`, {
      cookie: owner.cookie,
      params: { jobId: otherJob.id },
    });
    expect((owners.data as { money: boolean }).money).toBe(true);
  });
});

describe("My day", () => {
  it("lists today's assigned visits with the customer's contact details and address", async () => {
    const { ana, ben, visit, customer } = await crew();
    const day = (await runRoute(myDayLoader, "/app/my-day", { cookie: ana.cookie })).data as {
      visits: { id: string; address: string; customer: { phone: string; email: string } }[];
      jobs: { title: string }[];
    };
    expect(day.visits.map((v) => v.id)).toEqual([visit.id]);
    expect(day.visits[0].address).toBe("12 Oak St, Austin, TX 78701");
    expect(day.visits[0].customer).toMatchObject({ phone: customer.phone, email: customer.email });
    expect(day.jobs.map((j) => j.title)).toEqual(["Panel upgrade"]);
    const bens = (await runRoute(myDayLoader, "/app/my-day", { cookie: ben.cookie })).data as { visits: unknown[] };
    expect(bens.visits).toEqual([]);
  });

  it("sends On my way once per visit, even tapped twice at once, in the document language", async () => {
    const { accountId, ana, visit, customer } = await crew();
    const db = await getDb();
    await db
      .update(accountSettings)
      .set({ documentLanguage: "es", companyName: "Eléctrica Sol" })
      .where(eq(accountSettings.accountId, accountId));
    const before = smtp.received.filter((mail) => mail.to.includes(customer.email!)).length;
    const [first, second] = await Promise.all([
      post(ana.cookie, { intent: "on-my-way", visitId: visit.id }),
      post(ana.cookie, { intent: "on-my-way", visitId: visit.id }),
    ]);
    const toasts = [await toastOf(first.headers), await toastOf(second.headers)].map((toast) => toast?.title).sort();
    expect(toasts).toEqual(["myDay.toast.alreadySent", "myDay.toast.onMyWay"]);
    const mails = smtp.received.filter((mail) => mail.to.includes(customer.email!));
    expect(mails.length - before).toBe(1);
    const { subject, text } = mailText(mails.at(-1)!.raw);
    expect(subject).toBe("Ana de Eléctrica Sol va en camino");
    expect(text).toContain("Hola, Carla Díaz:");
    expect(text).toContain("«Swap the panel»");

    const again = await post(ana.cookie, { intent: "on-my-way", visitId: visit.id });
    expect((await toastOf(again.headers))?.title).toBe("myDay.toast.alreadySent");
    expect(smtp.received.filter((mail) => mail.to.includes(customer.email!)).length - before).toBe(1);
  });

  it("gives the claim back when the e-mail cannot go out, so a later tap sends it", async () => {
    const { ana, visit } = await crew();
    env().SMTP_URL = "smtp://127.0.0.1:1";
    try {
      const failed = await post(ana.cookie, { intent: "on-my-way", visitId: visit.id });
      expect((await toastOf(failed.headers))?.title).toBe("myDay.toast.mailFailed");
    } finally {
      env().SMTP_URL = smtp.url;
    }
    const db = await getDb();
    expect(await db.select().from(visitEvents).where(eq(visitEvents.appointmentId, visit.id))).toEqual([]);
    const sent = await post(ana.cookie, { intent: "on-my-way", visitId: visit.id });
    expect((await toastOf(sent.headers))?.title).toBe("myDay.toast.onMyWay");
  });

  it("starts and completes the visit, offers to complete the job after its last visit, and says who did it", async () => {
    const { owner, accountId, ana, visit, job } = await crew();
    const started = await post(ana.cookie, { intent: "start", visitId: visit.id });
    expect((await toastOf(started.headers))?.title).toBe("myDay.toast.started");
    const completed = await post(ana.cookie, { intent: "complete", visitId: visit.id });
    expect(completed.headers.get("Location")).toContain(`completeJob=${job.id}`);
    const twice = await post(ana.cookie, { intent: "complete", visitId: visit.id });
    expect((await toastOf(twice.headers))?.title).toBe("myDay.toast.alreadyDone");

    const offered = await runRoute(myDayLoader, `/app/my-day?completeJob=${job.id}`, { cookie: ana.cookie });
    expect((offered.data as { completeJobOffer: unknown }).completeJobOffer).toEqual({ id: job.id, title: "Panel upgrade" });
    const jobDone = await post(ana.cookie, { intent: "complete-job", jobId: job.id });
    expect((await toastOf(jobDone.headers))?.title).toBe("myDay.toast.jobCompleted");
    const db = await getDb();
    const stored = await db.select().from(jobs).where(eq(jobs.id, job.id)).get();
    expect(stored?.status).toBe("completed");
    expect(stored?.completedDate).not.toBeNull();

    const messages = (await db.select().from(notifications).where(eq(notifications.accountId, accountId))).map((n) => n.message);
    expect(messages).toContain("Ana Torres (Technician) started the visit “Swap the panel” at Carla Díaz");
    expect(messages).toContain("Ana Torres (Technician) completed the visit “Swap the panel” at Carla Díaz");

    // The owner's job page shows who did each step.
    const page = await runRoute(jobPage, `/app/jobs/${job.id}`, { cookie: owner.cookie, params: { jobId: job.id } });
    const events = (page.data as { events: { kind: string; actorName: string; actorRole: string }[] }).events;
    expect(events.map((e) => [e.kind, e.actorName, e.actorRole])).toEqual([
      ["started", "Ana Torres", "technician"],
      ["completed", "Ana Torres", "technician"],
    ]);
  });

  it("refuses another technician's visit (404), an empty note and an unknown step, changing nothing", async () => {
    const { ana, ben, visit, otherJob } = await crew();
    const before = await tableChecksums();
    for (const intent of ["on-my-way", "start", "complete", "note"]) {
      const answer = await post(ben.cookie, { intent, visitId: visit.id, body: "Mine" });
      expect(answer.status, intent).toBe(404);
    }
    expect((await post(ana.cookie, { intent: "complete-job", jobId: otherJob.id })).status).toBe(404);
    expect((await toastOf((await post(ana.cookie, { intent: "note", visitId: visit.id, body: "   " })).headers))?.title).toBe(
      "myDay.toast.noteEmpty",
    );
    expect(
      (await toastOf((await post(ana.cookie, { intent: "note", visitId: visit.id, body: "x".repeat(2001) })).headers))?.title,
    ).toBe("myDay.toast.noteTooLong");
    expect((await toastOf((await post(ana.cookie, { intent: "dance", visitId: visit.id })).headers))?.title).toBe(
      "myDay.toast.unknownAction",
    );
    expect(changedTables(before, await tableChecksums())).toEqual([]);

    const noted = await post(ana.cookie, { intent: "note", visitId: visit.id, body: "Breaker 12 is scorched" });
    expect((await toastOf(noted.headers))?.title).toBe("myDay.toast.noteAdded");
    const day = (await runRoute(myDayLoader, "/app/my-day", { cookie: ana.cookie })).data as {
      visits: { events: { kind: string; body: string; actorName: string }[] }[];
    };
    expect(day.visits[0].events).toMatchObject([{ kind: "note", body: "Breaker 12 is scorched", actorName: "Ana Torres" }]);
  });
});

describe("who did it, in an estimate's and an invoice's activity", () => {
  it("names the member who created, invoiced and took the money, with their role, and a removed member by name", async () => {
    const owner = await signedInAccount("Olivia Owner");
    const accountId = owner.user.id;
    const office = await signedInMember(accountId, "office", "Omar Office");
    const customer = await createCustomer(accountId, {
      name: "Dana Lee",
      email: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      notes: null,
    });
    const estimate = await (
      await runRoute(estimatesApiAction, "/api/estimates", {
        cookie: office.cookie,
        json: {
          customerId: customer.id,
          title: "Rewire kitchen",
          status: "approved",
          items: [{ description: "Labor", quantity: "2", unitPrice: "80.00" }],
        },
      })
    ).json();
    const invoice = await (
      await runRoute(fromEstimateApi, `/api/invoices/from-estimate/${estimate.id}`, {
        cookie: owner.cookie,
        method: "POST",
        params: { id: estimate.id },
      })
    ).json();
    const paid = await runRoute(paymentsApi, `/api/invoices/${invoice.id}/payments`, {
      cookie: office.cookie,
      json: { amount: "50.00", method: "cash" },
      params: { id: invoice.id },
    });
    expect(paid.status).toBe(201);

    const shared = await runRoute(invoiceShareApi, `/api/invoices/${invoice.id}/share`, {
      cookie: office.cookie,
      method: "POST",
      params: { id: invoice.id },
    });
    expect(shared.status).toBeLessThan(300);
    const actorOf = (events: ActivityEvent[], type: string) => events.find((event) => event.type === type)?.actor;
    const estimateActivity = await activityFor(accountId, "estimate", estimate.id);
    expect(actorOf(estimateActivity!.events, "created")).toEqual({ name: "Omar Office", role: "office" });
    const invoiceActivity = await activityFor(accountId, "invoice", invoice.id);
    expect(actorOf(invoiceActivity!.events, "created")).toEqual({ name: "Olivia Owner", role: "owner" });
    expect(actorOf(invoiceActivity!.events, "payment")).toEqual({ name: "Omar Office", role: "office" });
    expect(actorOf(invoiceActivity!.events, "linkCreated")).toEqual({ name: "Omar Office", role: "office" });
    // No login ids reach the page.
    expect(JSON.stringify(invoiceActivity)).not.toContain(office.user.id);

    // Removed from the team, Omar's name stays on what he did.
    const omar = await memberIdOf(office.user.id);
    await runRoute(teamPage, "/app/settings/team", { cookie: owner.cookie, form: { intent: "remove", memberId: omar } });
    const after = await activityFor(accountId, "invoice", invoice.id);
    expect(actorOf(after!.events, "payment")).toEqual({ name: "Omar Office", role: null });
  });
});

describe("a technician's schedule", () => {
  it("shows only their own items, whatever ?member= asks, and lets them complete, not cancel or reschedule, their visits", async () => {
    const { ana, ben, benId, visit, owner } = await crew();
    const schedule = await runRoute(scheduleLoader, `/app/schedule?tab=list&member=${benId}`, { cookie: ana.cookie });
    const data = schedule.data as { view: { items: { id: string }[] }; canManage: boolean; members: unknown[] };
    expect(data.view.items.map((item) => item.id)).toContain(visit.id);
    expect(data.canManage).toBe(false);
    expect(data.members).toEqual([]);
    const bens = (await runRoute(scheduleLoader, "/app/schedule?tab=list", { cookie: ben.cookie })).data as {
      view: { items: { id: string }[] };
    };
    expect(bens.view.items.map((item) => item.id)).not.toContain(visit.id);
    // The owner sees who goes where.
    const everyone = (await runRoute(scheduleLoader, "/app/schedule?tab=list", { cookie: owner.cookie })).data as {
      view: { items: { id: string; assigneeName?: string }[] };
    };
    expect(everyone.view.items.find((item) => item.id === visit.id)?.assigneeName).toBe("Ana Torres");
    // The owner may narrow to Ben: Ben's job (unscheduled) is not on the schedule, so nothing.
    const owners = (await runRoute(scheduleLoader, `/app/schedule?tab=list&member=${benId}`, { cookie: owner.cookie })).data as {
      view: { items: unknown[] };
    };
    expect(owners.view.items).toEqual([]);

    const params = { appointmentId: visit.id };
    const dialog = await runRoute(appointmentDialog, `/app/schedule/${visit.id}`, { cookie: ana.cookie, params });
    expect((dialog.data as { canManage: boolean }).canManage).toBe(false);
    expect((await runRoute(appointmentDialog, `/app/schedule/${visit.id}`, { cookie: ben.cookie, params })).status).toBe(404);

    const before = await tableChecksums();
    for (const form of [{ intent: "cancel" }, { intent: "reschedule", scheduledDate: "2026-12-01T09:00" }] as Record<
      string,
      string
    >[]) {
      const refused = await runRoute(appointmentAction, `/app/schedule/${visit.id}`, { cookie: ana.cookie, params, form });
      expect(refused.status, form.intent).toBe(403);
    }
    const foreign = await runRoute(appointmentAction, `/app/schedule/${visit.id}`, {
      cookie: ben.cookie,
      params,
      form: { intent: "complete" },
    });
    expect(foreign.status).toBe(404);
    expect(changedTables(before, await tableChecksums())).toEqual([]);

    const done = await runRoute(appointmentAction, `/app/schedule/${visit.id}`, {
      cookie: ana.cookie,
      params,
      form: { intent: "complete" },
    });
    expect(done.status).toBe(302);
    const db = await getDb();
    expect((await db.select().from(appointments).where(eq(appointments.id, visit.id)).get())?.status).toBe("completed");
    const events = await db.select().from(visitEvents).where(eq(visitEvents.appointmentId, visit.id));
    expect(events.map((event) => [event.kind, event.actorId])).toEqual([["completed", ana.user.id]]);
  });
});
