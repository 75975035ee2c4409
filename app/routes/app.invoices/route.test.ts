// The invoice screens' loaders and actions (create from estimate, list, mark paid,
// delete, preview and print pages), called the way Remix calls them.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { countInvoices, getInvoiceWithItems } from "~/models/invoice.server";
import { action as fromEstimateAction, loader as fromEstimateLoader } from "~/routes/app.estimates.$estimateId.invoice/route";
import { loader as previewLoader } from "~/routes/app.estimates.$estimateId.preview/route";
import { action as deleteAction, loader as deleteLoader } from "~/routes/app.invoices.$invoiceId.delete/route";
import { action as paidAction, loader as paidLoader } from "~/routes/app.invoices.$invoiceId.paid/route";
import { loader as listLoader } from "~/routes/app.invoices/route";
import { loader as printLoader } from "~/routes/app_.invoices.$invoiceId.print/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";

const ORIGIN = "http://localhost";

describe("/app/estimates/:estimateId/invoice", () => {
  it("invoices an approved estimate once, with a toast each time", async () => {
    const { user, cookie } = await signedInAccount();
    const estimate = await createEstimate(await getDb(), user.id, { status: "approved" });
    const params = { estimateId: estimate.id };

    const first = await runRoute(
      fromEstimateAction,
      formRequest(`${ORIGIN}/app/estimates/${estimate.id}/invoice`, {}, { Cookie: cookie }),
      { params },
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/app/invoices");
    expect(await toastOf(first.headers)).toMatchObject({ type: "success", title: "invoices.createdFromEstimate" });

    const second = await runRoute(
      fromEstimateAction,
      formRequest(`${ORIGIN}/app/estimates/${estimate.id}/invoice`, {}, { Cookie: cookie }),
      { params },
    );
    expect(second.headers.get("Location")).toBe("/app/invoices");
    expect(await toastOf(second.headers)).toMatchObject({ type: "info", title: "invoices.alreadyInvoiced" });
    expect(await countInvoices(user.id)).toBe(1);
  });

  it("refuses a pending estimate back to the estimates list with an error toast", async () => {
    const { user, cookie } = await signedInAccount();
    const estimate = await createEstimate(await getDb(), user.id, { status: "pending" });
    const result = await runRoute(
      fromEstimateAction,
      formRequest(`${ORIGIN}/app/estimates/${estimate.id}/invoice?q=kitchen`, {}, { Cookie: cookie }),
      { params: { estimateId: estimate.id } },
    );
    expect(result.headers.get("Location")).toBe("/app/estimates?q=kitchen");
    expect(await toastOf(result.headers)).toEqual({
      type: "error",
      title: "invoices.createFailed",
      description: "invoices.onlyApproved",
    });
    expect(await countInvoices(user.id)).toBe(0);
  });

  it("answers 404 for another account's estimate and redirects a GET to the list", async () => {
    const owner = await signedInAccount();
    const other = await signedInAccount();
    const estimate = await createEstimate(await getDb(), owner.user.id, { status: "approved" });
    const result = await runRoute(fromEstimateAction, formRequest(`${ORIGIN}/x`, {}, { Cookie: other.cookie }), {
      params: { estimateId: estimate.id },
    });
    expect(result.status).toBe(404);
    expect(await countInvoices(owner.user.id)).toBe(0);
    const redirect = await runRoute(fromEstimateLoader, "/x", { cookie: other.cookie });
    expect(redirect.headers.get("Location")).toBe("/app/estimates");
  });
});

describe("/app/invoices", () => {
  it("lists the page with status as it reads today, filtered in the URL", async () => {
    const { user, cookie } = await signedInAccount();
    const db = await getDb();
    await createInvoice(db, user.id, { title: "Late", status: "pending", dueDate: "2001-01-01" });
    await createInvoice(db, user.id, { title: "Fresh", status: "pending", dueDate: "2999-01-01" });
    const all = (await runRoute(listLoader, "/app/invoices", { cookie })).data as {
      items: { title: string; status: string }[];
      accountTotal: number;
    };
    expect(all.accountTotal).toBe(2);
    expect(Object.fromEntries(all.items.map((i) => [i.title, i.status]))).toEqual({ Late: "overdue", Fresh: "pending" });
    const overdue = (await runRoute(listLoader, "/app/invoices?status=overdue", { cookie })).data as {
      items: { title: string }[];
      accountTotal: number;
    };
    expect(overdue.items.map((i) => i.title)).toEqual(["Late"]);
    expect(overdue.accountTotal).toBe(2);
  });

  it("marks an invoice paid through its confirm route, keeping the list's search", async () => {
    const { user, cookie } = await signedInAccount();
    const invoice = await createInvoice(await getDb(), user.id, { status: "pending" });
    const params = { invoiceId: invoice.id };
    const confirm = (await runRoute(paidLoader, `/app/invoices/${invoice.id}/paid`, { cookie, params })).data as {
      invoice: { status: string };
    };
    expect(confirm.invoice.status).toBe("pending");

    const result = await runRoute(
      paidAction,
      formRequest(`${ORIGIN}/app/invoices/${invoice.id}/paid?status=pending`, {}, { Cookie: cookie }),
      { params },
    );
    expect(result.headers.get("Location")).toBe("/app/invoices?status=pending");
    expect(await toastOf(result.headers)).toMatchObject({
      title: "invoices.statusUpdated",
      values: { number: invoice.invoiceNumber },
    });
    const stored = await getInvoiceWithItems(user.id, invoice.id);
    expect(stored?.status).toBe("paid");
    expect(stored?.paidDate).toBeInstanceOf(Date);

    const again = await runRoute(paidAction, formRequest(`${ORIGIN}/app/invoices/${invoice.id}/paid`, {}, { Cookie: cookie }), {
      params,
    });
    expect(await toastOf(again.headers)).toMatchObject({ type: "error", description: "invoices.updateFailed" });
  });

  it("deletes an invoice through its confirm route", async () => {
    const { user, cookie } = await signedInAccount();
    const invoice = await createInvoice(await getDb(), user.id);
    const params = { invoiceId: invoice.id };
    expect((await runRoute(deleteLoader, "/x", { cookie, params })).status).toBe(200);
    const result = await runRoute(
      deleteAction,
      formRequest(`${ORIGIN}/app/invoices/${invoice.id}/delete`, {}, { Cookie: cookie }),
      { params },
    );
    expect(result.headers.get("Location")).toBe("/app/invoices");
    expect(await toastOf(result.headers)).toMatchObject({ title: "invoices.deleted" });
    expect(await countInvoices(user.id)).toBe(0);
  });

  it("keeps another account's invoices and documents out of reach (404)", async () => {
    const owner = await signedInAccount();
    const other = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, owner.user.id, { name: "Private Person" });
    const estimate = await createEstimate(db, owner.user.id, { customerId: customer.id });
    const invoice = await createInvoice(db, owner.user.id, { customerId: customer.id, status: "pending" });
    const params = { invoiceId: invoice.id, estimateId: estimate.id };
    for (const handler of [paidLoader, paidAction, deleteLoader, deleteAction, printLoader, previewLoader]) {
      const request = formRequest(`${ORIGIN}/x`, {}, { Cookie: other.cookie });
      expect((await runRoute(handler, request, { params })).status).toBe(404);
    }
    expect(await getInvoiceWithItems(owner.user.id, invoice.id)).toMatchObject({ status: "pending" });
    const list = (await runRoute(listLoader, "/app/invoices", { cookie: other.cookie })).data as { accountTotal: number };
    expect(list.accountTotal).toBe(0);
  });

  it("builds the print page and preview documents from the account's settings", async () => {
    const { user, cookie } = await signedInAccount();
    const db = await getDb();
    const estimate = await createEstimate(db, user.id, { validUntil: "2030-01-31" });
    const invoice = await createInvoice(db, user.id, { fromEstimate: estimate.id });
    const printed = (await runRoute(printLoader, "/x", { cookie, params: { invoiceId: invoice.id } })).data as {
      document: Record<string, unknown>;
      logoUrl: null;
    };
    expect(printed.document).toMatchObject({
      kind: "invoice",
      number: invoice.invoiceNumber,
      total: invoice.total,
      company: { name: "Your Trade Company" },
    });
    expect(printed.logoUrl).toBeNull();
    const preview = (await runRoute(previewLoader, "/x", { cookie, params: { estimateId: estimate.id } })).data as {
      document: Record<string, unknown>;
    };
    expect(preview.document).toMatchObject({
      kind: "estimate",
      number: estimate.estimateNumber,
      validUntil: "2030-01-31",
      terms: expect.stringContaining("30 days"),
    });
  });
});
