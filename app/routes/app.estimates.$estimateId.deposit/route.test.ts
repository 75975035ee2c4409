// The estimate's deposit dialog (/app/estimates/{id}/deposit) and the deposit API, as a browser
// without JavaScript and as an API client: bad input and another account's ids change nothing.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { depositSummary } from "~/models/deposit.server";
import { action, loader } from "~/routes/app.estimates.$estimateId.deposit/route";
import { action as askAction } from "~/routes/api.estimates.$id.deposit/route";
import { action as depositsAction, loader as depositsLoader } from "~/routes/api.estimates.$id.deposits/route";
import { action as depositAction } from "~/routes/api.deposits.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest, formRequest } from "../../../test/requests";
import { runRoute, toastOf } from "../../../test/route";

async function setUp() {
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id);
  const estimate = await createEstimate(db, account.user.id, {
    customerId: customer.id,
    status: "approved",
    taxRate: 0,
    items: [{ description: "Rewire", quantity: 100, unitPrice: 100_000 }],
  });
  const url = `http://localhost/app/estimates/${estimate.id}/deposit`;
  const post = (fields: Record<string, string>, cookie = account.cookie, id = estimate.id) =>
    runRoute(action, formRequest(url, fields, { Cookie: cookie }), { params: { estimateId: id } });
  return { ...account, estimate, url, post };
}

describe("/app/estimates/:estimateId/deposit", () => {
  it("asks a deposit, records one, and refuses bad input with 400, changing nothing", async () => {
    const { user, cookie, estimate, url, post } = await setUp();
    const ask = await post({ intent: "ask", depositType: "percent", depositValue: "30" });
    expect(ask.status).toBe(302);
    expect(await toastOf(ask.headers)).toMatchObject({ title: "estimates.deposit.saved" });
    const page = (
      await runRoute(loader, new Request(url, { headers: { Cookie: cookie } }), { params: { estimateId: estimate.id } })
    ).data as { asked: number; due: number };
    expect(page).toMatchObject({ asked: 30_000, due: 30_000 });

    for (const fields of <Record<string, string>[]>[
      { intent: "ask", depositType: "percent", depositValue: "101" },
      { intent: "ask", depositType: "amount", depositValue: "1000.01" },
      { intent: "ask", depositType: "sometimes", depositValue: "1" },
      { intent: "record", amount: "1000.01", method: "cash" },
      { intent: "record", amount: "1.005", method: "cash" },
      { intent: "record", amount: "10", method: "barter" },
    ]) {
      expect((await post(fields)).status, JSON.stringify(fields)).toBe(400);
    }
    expect(await depositSummary(user.id, estimate.id)).toMatchObject({ asked: 30_000, received: 0 });

    const recorded = await post({ intent: "record", amount: "300.00", method: "check", reference: "1042" });
    expect(recorded.status).toBe(302);
    expect(await depositSummary(user.id, estimate.id)).toMatchObject({ received: 30_000, due: 0 });
  });

  it("answers 404 to another account and changes nothing", async () => {
    const { user, estimate } = await setUp();
    const stranger = await signedInAccount();
    const url = `http://localhost/app/estimates/${estimate.id}/deposit`;
    const page = await runRoute(loader, new Request(url, { headers: { Cookie: stranger.cookie } }), {
      params: { estimateId: estimate.id },
    });
    expect(page.status).toBe(404);
    for (const fields of <Record<string, string>[]>[
      { intent: "record", amount: "1.00", method: "cash" },
      { intent: "ask", depositType: "percent", depositValue: "50" },
    ]) {
      const answer = await runRoute(action, formRequest(url, fields, { Cookie: stranger.cookie }), {
        params: { estimateId: estimate.id },
      });
      expect(answer.status).toBe(404);
    }
    expect(await depositSummary(user.id, estimate.id)).toMatchObject({ received: 0, ask: null });
  });
});

describe("the deposit API", () => {
  const BASE = "http://localhost/api";
  it("PUT /api/estimates/{id}/deposit, POST/GET /api/estimates/{id}/deposits, DELETE /api/deposits/{id}", async () => {
    const { user, cookie, estimate } = await setUp();
    const params = { params: { id: estimate.id } };
    const put = (body: unknown, who = cookie) =>
      runRoute(askAction, apiRequest(`${BASE}/estimates/${estimate.id}/deposit`, "PUT", who, body), params);
    const put200 = await put({ depositType: "amount", depositValue: "250.00" });
    expect(put200.status).toBe(200);
    expect(await put200.json()).toMatchObject({ depositType: "amount", asked: "250.00", due: "250.00" });
    for (const bad of [
      { depositType: "amount", depositValue: "9999" },
      { depositType: "percent" },
      { depositType: "percent", depositValue: "5", extra: 1 },
    ])
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(400);

    const post = (body: unknown, who = cookie) =>
      runRoute(depositsAction, apiRequest(`${BASE}/estimates/${estimate.id}/deposits`, "POST", who, body), params);
    const created = await post({ amount: "250.00", method: "bank_transfer" });
    expect(created.status).toBe(201);
    const deposit = (await created.json()) as { id: string; amount: string };
    expect(deposit.amount).toBe("250.00");
    expect((await post({ amount: "750.01", method: "cash" })).status).toBe(400);
    expect((await post({ amount: "0", method: "cash" })).status).toBe(400);
    const list = await runRoute(depositsLoader, apiRequest(`${BASE}/estimates/${estimate.id}/deposits`, "GET", cookie), params);
    expect(((await list.json()) as unknown[]).length).toBe(1);

    // Another account: 404 everywhere, nothing changed.
    const stranger = await signedInAccount();
    expect((await put({ depositType: "none" }, stranger.cookie)).status).toBe(404);
    expect((await post({ amount: "1.00", method: "cash" }, stranger.cookie)).status).toBe(404);
    const strangerDelete = await runRoute(
      depositAction,
      apiRequest(`${BASE}/deposits/${deposit.id}`, "DELETE", stranger.cookie),
      {
        params: { id: deposit.id },
      },
    );
    expect(strangerDelete.status).toBe(404);
    expect(await depositSummary(user.id, estimate.id)).toMatchObject({ asked: 25_000, received: 25_000 });

    const deleted = await runRoute(depositAction, apiRequest(`${BASE}/deposits/${deposit.id}`, "DELETE", cookie), {
      params: { id: deposit.id },
    });
    expect(deleted.status).toBe(200);
    expect((await depositSummary(user.id, estimate.id))?.received).toBe(0);
  });
});
