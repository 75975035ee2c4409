// POST and DELETE /api/customers/{id}/hub, called as Remix calls them, with real sessions: the
// link is made once and answered as an absolute URL; DELETE kills it at once; another account's
// customer is a 404 and nothing changes; a technician may not; other methods are 405.
import { describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import { findHub, getHub, getOrCreateHub } from "~/models/customer-hub.server";
import { action, loader } from "~/routes/api.customers.$id.hub/route";
import { loader as hubLoader } from "~/routes/c.$token/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount, signedInMember } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const call = (method: string, cookie: string | null, id: string, body?: unknown) =>
  runRoute(method === "GET" ? loader : action, apiRequest(`http://localhost/api/customers/${id}/hub`, method, cookie, body), {
    params: { id },
  });

describe("/api/customers/{id}/hub", () => {
  it("creates the link once and answers the same URL after, a page that opens", async () => {
    const { user, cookie } = await signedInAccount();
    const customer = await createCustomer(await getDb(), user.id);
    const first = await call("POST", cookie, customer.id);
    expect(first.status).toBe(200);
    const { url } = (await first.json()) as { url: string };
    expect(url).toMatch(/^http:\/\/localhost\/c\/[A-Za-z0-9_-]{43}$/);
    expect(await (await call("POST", cookie, customer.id)).json()).toEqual({ url });
    const token = url.split("/c/")[1];
    expect((await runRoute(hubLoader, `/c/${token}`, { params: { token } })).status).toBe(200);
  });

  it("revokes the link: the old address answers 404 at once, and a new POST is a new link", async () => {
    const { user, cookie } = await signedInAccount();
    const customer = await createCustomer(await getDb(), user.id);
    const { url } = (await (await call("POST", cookie, customer.id)).json()) as { url: string };
    const token = url.split("/c/")[1];
    const revoked = await call("DELETE", cookie, customer.id);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ message: "Hub link revoked" });
    expect((await runRoute(hubLoader, `/c/${token}`, { params: { token } })).status).toBe(404);
    expect(await (await call("DELETE", cookie, customer.id)).json()).toEqual({ message: "No hub link to revoke" });
    const { url: next } = (await (await call("POST", cookie, customer.id)).json()) as { url: string };
    expect(next).not.toBe(url);
  });

  it("answers 404 for another account's customer and changes nothing", async () => {
    const mine = await signedInAccount();
    const theirs = await signedInAccount("Other");
    const db = await getDb();
    const their = await createCustomer(db, theirs.user.id);
    const hub = await getOrCreateHub(theirs.user.id, their.id);
    for (const method of ["POST", "DELETE"]) {
      const response = await call(method, mine.cookie, their.id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
    expect((await findHub(hub!.token))?.id).toBe(hub!.id);
    const unmade = await createCustomer(db, theirs.user.id);
    expect((await call("POST", mine.cookie, unmade.id)).status).toBe(404);
    expect(await getHub(theirs.user.id, unmade.id)).toBeUndefined();
    expect((await call("POST", mine.cookie, "no-such-id")).status).toBe(404);
  });

  it("answers 401 without a session, 403 for a technician, 405 for other methods", async () => {
    const { user } = await signedInAccount();
    const customer = await createCustomer(await getDb(), user.id);
    expect((await call("POST", null, customer.id)).status).toBe(401);
    const tech = await signedInMember(user.id, "technician");
    expect((await call("POST", tech.cookie, customer.id)).status).toBe(403);
    expect((await call("DELETE", tech.cookie, customer.id)).status).toBe(403);
    expect(await getHub(user.id, customer.id)).toBeUndefined();
    const { cookie } = await signedInAccount();
    const get = await call("GET", cookie, customer.id);
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ message: "Method not allowed. Use POST or DELETE." });
  });
});
