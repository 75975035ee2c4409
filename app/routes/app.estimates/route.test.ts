// The /app/estimates screens' loaders and actions (list, create, edit, delete), called the
// way Remix calls them, against this file's own database.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createJob } from "#db/factories";
import { countEstimates, getEstimateWithItems } from "~/models/estimate.server";
import { recordDeposit } from "~/models/payment.server";
import { countPriceItems } from "~/models/price-item.server";
import { loader as listLoader } from "~/routes/app.estimates/route";
import { action as deleteAction, loader as deleteLoader } from "~/routes/app.estimates.$estimateId_.delete/route";
import { action as editAction, loader as editLoader } from "~/routes/app.estimates.$estimateId_.edit/route";
import { action as newAction, loader as newLoader } from "~/routes/app.estimates.new/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";

const ORIGIN = "http://localhost";

async function accountWithCustomer() {
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id, { name: "Ana Ruiz" });
  return { ...account, db, customer };
}

const form = (customerId: string, extra: Record<string, string> = {}) => ({
  customerId,
  jobId: "none",
  title: "Kitchen circuit",
  description: "",
  status: "pending",
  taxRate: "8.25",
  validUntil: "2025-09-30",
  notes: "",
  "items[0].description": "Labor",
  "items[0].quantity": "1.5",
  "items[0].unitPrice": "19.99",
  "items[1].description": "GFCI outlet",
  "items[1].quantity": "4",
  "items[1].unitPrice": "22.75",
  ...extra,
});

type Reply = {
  kind: string;
  result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  jobs: { id: string }[];
};

describe("/app/estimates/new", () => {
  it("offers the account's customers, the default tax rate and valid-until date", async () => {
    const { cookie, customer } = await accountWithCustomer();
    const { data: body } = await runRoute(newLoader, "/app/estimates/new", { cookie });
    const data = body as { customers: { id: string }[]; defaults: { taxRate: number; validUntil: string } };
    expect(data.customers.map((c) => c.id)).toEqual([customer.id]);
    expect(data.defaults.taxRate).toBe(825);
    expect(data.defaults.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("creates the estimate with server-computed totals and returns to the list with a toast", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const result = await runRoute(
      newAction,
      formRequest(`${ORIGIN}/app/estimates/new?q=kit`, { ...form(customer.id), total: "1.00" }, { Cookie: cookie }),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/estimates?q=kit");
    expect(await toastOf(result.headers)).toMatchObject({
      title: "estimates.createdToast",
      values: { number: expect.stringMatching(/^EST-/) },
    });
    const { data: body } = await runRoute(listLoader, "/app/estimates", { cookie });
    const list = body as { items: { id: string; total: number; itemCount: number }[] };
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ total: Math.round((2999 + 9100) * 1.0825), itemCount: 2 });
    const stored = await getEstimateWithItems(user.id, list.items[0].id);
    expect(stored).toMatchObject({ subtotal: 12099, taxAmount: 998, total: 13097, taxRate: 825, validUntil: "2025-09-30" });
  });

  it("answers 400 with the SPEC messages and writes nothing", async () => {
    const { user, cookie } = await accountWithCustomer();
    const stranger = await accountWithCustomer();
    const result = await runRoute(
      newAction,
      formRequest(
        `${ORIGIN}/app/estimates/new`,
        { ...form(stranger.customer.id), "items[1].unitPrice": "", "items[0].description": "" },
        { Cookie: cookie },
      ),
    );
    expect(result.status).toBe(400);
    expect((result.data as Reply).result.error).toMatchObject({
      "items[0].description": ["estimates.descriptionRequired"],
      "items[1].unitPrice": ["estimates.unitPriceRequired"],
    });
    const foreign = await runRoute(
      newAction,
      formRequest(`${ORIGIN}/app/estimates/new`, form(stranger.customer.id), { Cookie: cookie }),
    );
    expect(foreign.status).toBe(400);
    expect((foreign.data as Reply).result.error).toEqual({ customerId: ["estimates.customerRequired"] });
    expect(await countEstimates(user.id)).toBe(0);
  });

  it("adds and removes rows without JavaScript, and never removes the last one", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const insert = JSON.stringify({
      type: "insert",
      payload: { name: "items", defaultValue: { description: "", quantity: "1", unitPrice: "" } },
    });
    const added = await runRoute(
      newAction,
      formRequest(`${ORIGIN}/app/estimates/new`, { ...form(customer.id), __intent__: insert }, { Cookie: cookie }),
    );
    expect(added.status).toBe(200);
    const addedReply = added.data as Reply;
    expect(addedReply.kind).toBe("intent");
    expect((addedReply.result.initialValue?.items as unknown[]).length).toBe(3);

    const single = { ...form(customer.id) };
    for (const key of Object.keys(single)) if (key.startsWith("items[1]")) delete single[key as keyof typeof single];
    const remove = JSON.stringify({ type: "remove", payload: { name: "items", index: 0 } });
    const refused = await runRoute(
      newAction,
      formRequest(`${ORIGIN}/app/estimates/new`, { ...single, __intent__: remove }, { Cookie: cookie }),
    );
    const refusedReply = refused.data as Reply;
    expect((refusedReply.result.initialValue?.items as unknown[]).length).toBe(1);
    expect(refusedReply.result.error?.items).toEqual(["estimates.lastItem"]);
    expect(await countEstimates(user.id)).toBe(0);
  });

  it("shows the chosen customer's jobs again without JavaScript (intent=refresh), with no errors", async () => {
    const { user, cookie, db, customer } = await accountWithCustomer();
    const job = await createJob(db, user.id, { customerId: customer.id, title: "Rewire" });
    const result = await runRoute(
      newAction,
      formRequest(`${ORIGIN}/app/estimates/new`, { ...form(customer.id, { title: "" }), intent: "refresh" }, { Cookie: cookie }),
    );
    expect(result.status).toBe(200);
    const reply = result.data as Reply;
    expect(reply.kind).toBe("refresh");
    expect(reply.jobs.map((j) => j.id)).toEqual([job.id]);
    expect(reply.result.error).toBeUndefined();
    expect(reply.result.initialValue).toMatchObject({ customerId: customer.id, jobId: "none" });
    expect(await countEstimates(user.id)).toBe(0);
  });
});

describe("/app/estimates/:id/edit and delete", () => {
  it("edits, with the customer's jobs, and answers 404 for another account's estimate", async () => {
    const { user, cookie, db, customer } = await accountWithCustomer();
    const job = await createJob(db, user.id, { customerId: customer.id, title: "Rewire" });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id });
    const { data: body } = await runRoute(editLoader, `/app/estimates/${estimate.id}/edit`, {
      cookie,
      params: { estimateId: estimate.id },
    });
    expect((body as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toEqual([job.id]);

    const result = await runRoute(
      editAction,
      formRequest(
        `${ORIGIN}/app/estimates/${estimate.id}/edit`,
        form(customer.id, { jobId: job.id, status: "approved", "items[0].quantity": "3" }),
        { Cookie: cookie },
      ),
      { params: { estimateId: estimate.id } },
    );
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({
      title: "estimates.updatedToast",
      values: { number: estimate.estimateNumber },
    });
    const stored = await getEstimateWithItems(user.id, estimate.id);
    expect(stored).toMatchObject({ jobId: job.id, status: "approved", subtotal: 5997 + 9100 });
    expect(stored?.approvedAt).toBeInstanceOf(Date);

    const stranger = await accountWithCustomer();
    expect(
      (
        await runRoute(editLoader, `/app/estimates/${estimate.id}/edit`, {
          cookie: stranger.cookie,
          params: { estimateId: estimate.id },
        })
      ).status,
    ).toBe(404);
    const hijack = await runRoute(
      editAction,
      formRequest(`${ORIGIN}/app/estimates/${estimate.id}/edit`, form(stranger.customer.id), { Cookie: stranger.cookie }),
      { params: { estimateId: estimate.id } },
    );
    expect(hijack.status).toBe(404);
    expect(
      (
        await runRoute(deleteLoader, `/app/estimates/${estimate.id}/delete`, {
          cookie: stranger.cookie,
          params: { estimateId: estimate.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await runRoute(
          deleteAction,
          formRequest(`${ORIGIN}/app/estimates/${estimate.id}/delete`, {}, { Cookie: stranger.cookie }),
          { params: { estimateId: estimate.id } },
        )
      ).status,
    ).toBe(404);
    expect((await getEstimateWithItems(user.id, estimate.id))?.title).toBe("Kitchen circuit");
  });

  it("runs none of the form's buttons for an estimate that is not the account's: 404, nothing saved", async () => {
    const { user, cookie, db, customer } = await accountWithCustomer();
    const estimate = await createEstimate(db, user.id, { customerId: customer.id });
    const stranger = await accountWithCustomer();
    for (const [id, who] of [
      [estimate.id, stranger],
      ["00000000-0000-0000-0000-000000000000", stranger],
      ["not-an-id", { user, cookie, customer }],
    ] as const) {
      for (const extra of <Record<string, string>[]>[
        { intent: "price-save:0" },
        { intent: "refresh" },
        { __intent__: '{"type":"insert","payload":{"name":"items"}}' },
      ]) {
        const result = await runRoute(
          editAction,
          formRequest(`${ORIGIN}/app/estimates/${id}/edit`, form(who.customer.id, extra), { Cookie: who.cookie }),
          { params: { estimateId: id } },
        );
        expect(result.status).toBe(404);
      }
    }
    expect(await countPriceItems(stranger.user.id)).toBe(0);
    expect(await countPriceItems(user.id)).toBe(0);
  });

  it("refuses a total below the deposits already received, and saves one that covers them", async () => {
    const { user, cookie, db, customer } = await accountWithCustomer();
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      status: "approved",
      taxRate: 0,
      items: [{ description: "Repipe", quantity: 100, unitPrice: 20_000 }],
    });
    expect((await recordDeposit(user.id, estimate.id, { amount: 10_000, method: "check" }, { manual: true })).status).toBe(
      "recorded",
    );
    const edit = (unitPrice: string) => {
      const fields: Record<string, string> = form(customer.id, {
        status: "approved",
        taxRate: "0",
        "items[0].quantity": "1",
        "items[0].unitPrice": unitPrice,
      });
      for (const key of Object.keys(fields)) if (key.startsWith("items[1]")) delete fields[key];
      return runRoute(editAction, formRequest(`${ORIGIN}/app/estimates/${estimate.id}/edit`, fields, { Cookie: cookie }), {
        params: { estimateId: estimate.id },
      });
    };
    const refused = await edit("99.99");
    expect(refused.status).toBe(400);
    expect((refused.data as Reply).result.error?.items).toEqual(["estimates.totalBelowDeposits"]);
    expect((await getEstimateWithItems(user.id, estimate.id))?.total).toBe(20_000);
    expect((await edit("100.00")).status).toBe(302);
    expect((await getEstimateWithItems(user.id, estimate.id))?.total).toBe(10_000);
  });

  it("deletes after the confirm step, with a toast", async () => {
    const { user, cookie, db, customer } = await accountWithCustomer();
    const estimate = await createEstimate(db, user.id, { customerId: customer.id });
    const result = await runRoute(
      deleteAction,
      formRequest(`${ORIGIN}/app/estimates/${estimate.id}/delete?status=pending`, {}, { Cookie: cookie }),
      { params: { estimateId: estimate.id } },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/app/estimates?status=pending");
    expect(await toastOf(result.headers)).toMatchObject({
      title: "estimates.deletedToast",
      values: { number: estimate.estimateNumber },
    });
    expect(await countEstimates(user.id)).toBe(0);
  });
});
