// The /app/jobs screens' loaders and actions (create, edit, delete, detail), called the
// way Remix calls them, against this file's own database.
import { describe, expect, it } from "vitest";
import { createAppointment, createCustomer, createEstimate } from "#db/factories";
import { countJobs, createJob, getJob } from "~/models/job.server";
import { loader as detailLoader } from "~/routes/app.jobs.$jobId/route";
import { action as deleteAction, loader as deleteLoader } from "~/routes/app.jobs.$jobId_.delete/route";
import { action as editAction, loader as editLoader } from "~/routes/app.jobs.$jobId_.edit/route";
import { action as newAction, loader as newLoader } from "~/routes/app.jobs.new/route";
import { loader as listLoader } from "~/routes/app.jobs/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";

const ORIGIN = "http://localhost";

async function accountWithCustomer(name = "Ana Ruiz") {
  const account = await signedInAccount();
  const customer = await createCustomer(await getDb(), account.user.id, { name, phone: "555-0100", email: "ana@example.com" });
  return { ...account, customer };
}

const blank = {
  description: null,
  location: null,
  status: "pending" as const,
  scheduledDate: null,
  completedDate: null,
  totalAmount: null,
};

describe("/app/jobs/new", () => {
  it("creates the job, returns to the list with its search and shows Job created", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const result = await runRoute(
      newAction,
      formRequest(
        `${ORIGIN}/app/jobs/new?q=panel&customerId=${customer.id}`,
        {
          customerId: customer.id,
          title: "Panel upgrade",
          description: "",
          location: "12 Elm St",
          status: "in_progress",
          scheduledDate: "2025-06-01T09:30",
          completedDate: "",
          totalAmount: "1234.5",
        },
        { Cookie: cookie },
      ),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/jobs?q=panel");
    expect(await toastOf(result.headers)).toMatchObject({ title: "jobs.created", values: { title: "Panel upgrade" } });
    const list = await runRoute(listLoader, "/app/jobs", { cookie });
    const [job] = (list.data as { items: { id: string }[] }).items;
    expect(await getJob(user.id, job.id)).toMatchObject({
      title: "Panel upgrade",
      description: null,
      location: "12 Elm St",
      status: "in_progress",
      scheduledDate: new Date("2025-06-01T09:30:00Z"),
      completedDate: null,
      totalAmount: 123450,
    });
  });

  it("answers 400 with the field messages, and creates nothing", async () => {
    const { user, cookie } = await accountWithCustomer();
    const result = await runRoute(
      newAction,
      formRequest(
        `${ORIGIN}/app/jobs/new`,
        { customerId: "none", title: "", totalAmount: "12.345", status: "pending" },
        { Cookie: cookie },
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      result: {
        error: { customerId: ["jobs.customerRequired"], title: ["jobs.titleRequired"], totalAmount: ["jobs.amountInvalid"] },
      },
    });
    expect(await countJobs(user.id)).toBe(0);
  });

  it("refuses another account's customer with Please select a customer", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const result = await runRoute(
      newAction,
      formRequest(`${ORIGIN}/app/jobs/new`, { customerId: b.customer.id, title: "Sneaky" }, { Cookie: a.cookie }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ result: { error: { customerId: ["jobs.customerRequired"] } } });
    expect(await countJobs(a.user.id)).toBe(0);
  });

  it("preselects ?customerId= only for the account's own customer", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const own = await runRoute(newLoader, `/app/jobs/new?customerId=${a.customer.id}`, { cookie: a.cookie });
    expect(own.data).toMatchObject({ customerId: a.customer.id, customers: [{ id: a.customer.id, name: "Ana Ruiz" }] });
    const foreign = await runRoute(newLoader, `/app/jobs/new?customerId=${b.customer.id}`, { cookie: a.cookie });
    expect(foreign.data).toMatchObject({ customerId: null, customers: [{ id: a.customer.id, name: "Ana Ruiz" }] });
  });

  it("sends a signed-out visitor to /login", async () => {
    const result = await runRoute(newAction, formRequest(`${ORIGIN}/app/jobs/new`, { title: "X" }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("/app/jobs/:jobId/edit", () => {
  it("updates the job and shows Job updated", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const job = await createJob(user.id, { ...blank, customerId: customer.id, title: "Old title", totalAmount: 500 });
    const loaded = await runRoute(editLoader, `/app/jobs/${job.id}/edit`, { cookie, params: { jobId: job.id } });
    expect(loaded.data).toMatchObject({ job: { id: job.id, title: "Old title" } });

    const result = await runRoute(
      editAction,
      formRequest(
        `${ORIGIN}/app/jobs/${job.id}/edit?status=completed`,
        { customerId: customer.id, title: "New title", status: "completed", completedDate: "2025-06-02" },
        { Cookie: cookie },
      ),
      { params: { jobId: job.id } },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/jobs?status=completed");
    expect(await toastOf(result.headers)).toMatchObject({ title: "jobs.updated" });
    expect(await getJob(user.id, job.id)).toMatchObject({
      title: "New title",
      status: "completed",
      totalAmount: null,
      completedDate: new Date("2025-06-02T00:00:00Z"),
    });
  });

  it("refuses an invalid edit with 400 and a failure flag for the toast, leaving the job as it was", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const job = await createJob(user.id, { ...blank, customerId: customer.id, title: "Keep me" });
    const result = await runRoute(
      editAction,
      formRequest(`${ORIGIN}/app/jobs/${job.id}/edit`, { customerId: customer.id, title: " " }, { Cookie: cookie }),
      {
        params: {
          jobId: job.id,
        },
      },
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ failed: true, result: { error: { title: ["jobs.titleRequired"] } } });
    expect((await getJob(user.id, job.id))?.title).toBe("Keep me");
  });

  it("answers 404 for another account's job and changes nothing", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const theirs = await createJob(b.user.id, { ...blank, customerId: b.customer.id, title: "Theirs" });
    expect(
      (await runRoute(editLoader, `/app/jobs/${theirs.id}/edit`, { cookie: a.cookie, params: { jobId: theirs.id } })).status,
    ).toBe(404);
    const result = await runRoute(
      editAction,
      formRequest(`${ORIGIN}/app/jobs/${theirs.id}/edit`, { customerId: a.customer.id, title: "Hacked" }, { Cookie: a.cookie }),
      {
        params: {
          jobId: theirs.id,
        },
      },
    );
    expect(result.status).toBe(404);
    expect((await getJob(b.user.id, theirs.id))?.title).toBe("Theirs");
  });
});

describe("/app/jobs/:jobId/delete and the detail view", () => {
  it("confirms with what stays, deletes on POST and shows Job deleted", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const db = await getDb();
    const job = await createJob(user.id, { ...blank, customerId: customer.id, title: "Going away" });
    await createEstimate(db, user.id, { jobId: job.id });
    await createAppointment(db, user.id, { jobId: job.id });
    const confirm = await runRoute(deleteLoader, `/app/jobs/${job.id}/delete`, { cookie, params: { jobId: job.id } });
    expect(confirm.data).toEqual({
      job: { id: job.id, title: "Going away" },
      attachments: { estimates: 1, invoices: 0, appointments: 1 },
    });
    expect(await getJob(user.id, job.id)).toBeTruthy();

    const result = await runRoute(
      deleteAction,
      formRequest(`${ORIGIN}/app/jobs/${job.id}/delete?page=2`, {}, { Cookie: cookie }),
      { params: { jobId: job.id } },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/jobs?page=2");
    expect(await toastOf(result.headers)).toMatchObject({ title: "jobs.deleted", values: { title: "Going away" } });
    expect(await getJob(user.id, job.id)).toBeUndefined();
  });

  it("answers 404 for another account's job, on confirm, delete and detail", async () => {
    const a = await accountWithCustomer();
    const b = await accountWithCustomer("Bo Other");
    const theirs = await createJob(b.user.id, { ...blank, customerId: b.customer.id, title: "Theirs" });
    expect(
      (await runRoute(deleteLoader, `/app/jobs/${theirs.id}/delete`, { cookie: a.cookie, params: { jobId: theirs.id } })).status,
    ).toBe(404);
    expect(
      (
        await runRoute(deleteAction, formRequest(`${ORIGIN}/app/jobs/${theirs.id}/delete`, {}, { Cookie: a.cookie }), {
          params: { jobId: theirs.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await runRoute(detailLoader, `/app/jobs/${theirs.id}`, { cookie: a.cookie, params: { jobId: theirs.id } })).status,
    ).toBe(404);
    expect(await getJob(b.user.id, theirs.id)).toBeTruthy();
  });

  it("the detail view carries the customer's contact and the linked records", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const db = await getDb();
    const job = await createJob(user.id, { ...blank, customerId: customer.id, title: "Panel upgrade" });
    const estimate = await createEstimate(db, user.id, { jobId: job.id });
    const detail = await runRoute(detailLoader, `/app/jobs/${job.id}`, { cookie, params: { jobId: job.id } });
    expect(detail.data).toMatchObject({
      currency: "USD",
      detail: {
        job: { id: job.id, title: "Panel upgrade" },
        customer: { name: "Ana Ruiz", phone: "555-0100", email: "ana@example.com" },
        estimates: [{ id: estimate.id, estimateNumber: estimate.estimateNumber }],
        invoices: [],
        appointments: [],
      },
    });
  });
});

describe("/app/jobs list", () => {
  it("reads search, status filter and page from the URL", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    await createJob(user.id, { ...blank, customerId: customer.id, title: "Panel upgrade", status: "completed" });
    await createJob(user.id, { ...blank, customerId: customer.id, title: "Panel repair", status: "pending" });
    const list = await runRoute(listLoader, "/app/jobs?q=panel&status=in-progress", { cookie });
    expect(list.data).toMatchObject({
      total: 0,
      accountTotal: 2,
      params: { q: "panel", status: "in_progress", sort: "newest", page: 1 },
    });
    const completed = await runRoute(listLoader, "/app/jobs?status=completed", { cookie });
    expect((completed.data as { items: { title: string }[] }).items.map((job) => job.title)).toEqual(["Panel upgrade"]);
  });
});
