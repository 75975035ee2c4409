// The request dialog and the request page's settings, called as Remix calls them with real
// sessions: each conversion sends the contractor to what it made and keeps the link; Archive;
// bad input and another account's ids change nothing; a technician is refused; a taken slug
// gets its message.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import { requestPages } from "#db/schema";
import { createWorkRequest, getWorkRequest, saveRequestPage } from "~/models/work-request.server";
import { action, loader } from "~/routes/app.requests.$requestId/route";
import { loader as listLoader } from "~/routes/app.requests/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings_.requests/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount, signedInMember } from "../../../test/accounts";
import { runRoute } from "../../../test/route";

const visitor = {
  name: "Luis Gómez",
  phone: "555 010 2020",
  email: "luis@example.com",
  address: "12 Elm St",
  description: "Leaking sink",
  preferredTimes: "Mornings",
};

const post = (requestId: string, cookie: string, form: Record<string, string>) =>
  runRoute(action, `/app/requests/${requestId}?status=new`, { cookie, form, params: { requestId } });

describe("the request dialog", () => {
  it("creates a customer, an estimate, a job and a visit, each time sending the contractor to it", async () => {
    const { user, cookie } = await signedInAccount();
    const request = await createWorkRequest(user.id, visitor);
    const customer = await post(request.id, cookie, { intent: "customer" });
    expect(customer.status).toBe(302);
    const afterCustomer = await getWorkRequest(user.id, request.id);
    expect(customer.headers.get("Location")).toBe(`/app/customers/${afterCustomer?.customerId}/edit`);
    const estimate = await post(request.id, cookie, { intent: "estimate" });
    expect(estimate.headers.get("Location")).toMatch(/^\/app\/estimates\/[\w-]+\/edit$/);
    const job = await post(request.id, cookie, { intent: "job" });
    expect(job.headers.get("Location")).toMatch(/^\/app\/jobs\/[\w-]+$/);
    const refused = await post(request.id, cookie, { intent: "appointment", scheduledDate: "2030-02-30T09:00" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ problem: "schedule.form.dateInvalid", field: "scheduledDate" });
    const visit = await post(request.id, cookie, { intent: "appointment", scheduledDate: "2030-03-04T09:00" });
    expect(visit.headers.get("Location")).toMatch(/^\/app\/schedule\/[\w-]+$/);
    const stored = await getWorkRequest(user.id, request.id);
    expect(stored?.status).toBe("converted");
    expect(estimate.headers.get("Location")).toContain(stored!.estimateId!);
    expect(job.headers.get("Location")).toContain(stored!.jobId!);
    expect(visit.headers.get("Location")).toContain(stored!.appointmentId!);
    const shown = await runRoute(loader, `/app/requests/${request.id}`, { cookie, params: { requestId: request.id } });
    expect(shown.data).toMatchObject({ customer: { id: stored!.customerId, name: "Luis Gómez" } });
  });

  it("offers a customer with the same e-mail, links it, and archives", async () => {
    const { user, cookie } = await signedInAccount();
    const existing = await createCustomer(await getDb(), user.id, { name: "Luis G.", email: "luis@example.com" });
    const request = await createWorkRequest(user.id, visitor);
    const shown = await runRoute(loader, `/app/requests/${request.id}`, { cookie, params: { requestId: request.id } });
    expect(shown.data).toMatchObject({ matches: [{ id: existing.id, name: "Luis G." }], customer: null });
    const linked = await post(request.id, cookie, { intent: "customer", customerId: existing.id });
    expect(linked.headers.get("Location")).toBe(`/app/customers/${existing.id}/edit`);
    const archived = await post(request.id, cookie, { intent: "archive" });
    expect(archived.headers.get("Location")).toBe("/app/requests?status=new");
    expect(await getWorkRequest(user.id, request.id)).toMatchObject({ status: "archived", customerId: existing.id });
  });

  it("answers 404 for another account's request, refuses a technician, and changes nothing", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const request = await createWorkRequest(a.user.id, visitor);
    expect((await post(request.id, b.cookie, { intent: "customer" })).status).toBe(404);
    expect(
      (await runRoute(loader, `/app/requests/${request.id}`, { cookie: b.cookie, params: { requestId: request.id } })).status,
    ).toBe(404);
    const tech = await signedInMember(a.user.id, "technician");
    expect((await post(request.id, tech.cookie, { intent: "customer" })).status).toBe(403);
    expect((await runRoute(listLoader, "/app/requests", { cookie: tech.cookie })).status).toBe(403);
    expect((await post(request.id, a.cookie, { intent: "invoice" })).status).toBe(400);
    expect(await getWorkRequest(a.user.id, request.id)).toMatchObject({ status: "new", customerId: null });
  });

  it("lists the account's requests by status", async () => {
    const { user, cookie } = await signedInAccount();
    await createWorkRequest(user.id, visitor);
    const list = await runRoute(listLoader, "/app/requests?status=new", { cookie });
    expect(list.data).toMatchObject({ total: 1, items: [{ name: "Luis Gómez", status: "new" }] });
    const archived = await runRoute(listLoader, "/app/requests?status=archived", { cookie });
    expect(archived.data).toMatchObject({ total: 0 });
  });
});

describe("the request page's settings", () => {
  it("proposes the company name's slug, saves it, and refuses a slug another account has", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const proposed = await runRoute(settingsLoader, "/app/settings/requests", { cookie: a.cookie });
    expect(proposed.data).toMatchObject({ saved: false, enabled: true });
    const slug = `taken-${crypto.randomUUID().slice(0, 8)}`;
    await saveRequestPage(b.user.id, { slug, enabled: true });
    const taken = await runRoute(settingsAction, "/app/settings/requests", { cookie: a.cookie, form: { slug, enabled: "on" } });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.data)).toContain("requests.settings.slugTaken");
    const bad = await runRoute(settingsAction, "/app/settings/requests", { cookie: a.cookie, form: { slug: "Not A Slug!" } });
    expect(bad.status).toBe(400);
    const db = await getDb();
    expect(await db.select().from(requestPages).where(eq(requestPages.accountId, a.user.id))).toEqual([]);
    const mine = `mine-${crypto.randomUUID().slice(0, 8)}`;
    const saved = await runRoute(settingsAction, "/app/settings/requests", { cookie: a.cookie, form: { slug: mine } });
    expect(saved.status).toBe(302);
    expect(await db.select().from(requestPages).where(eq(requestPages.accountId, a.user.id))).toMatchObject([
      { slug: mine, enabled: false },
    ]);
  });
});
