// POST /api/estimates/{id}/share makes the customer's link once; DELETE revokes it, as for an
// invoice (app/routes/api.invoices.$id.share): another account's estimate is 404, the roles are
// the POST's, and the old /e/{token} address answers 404 at once (docs/decisions/008).
import { afterEach, describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { getShareLink } from "~/models/share.server";
import { action as shareApi, loader as shareApiLoader } from "~/routes/api.estimates.$id.share/route";
import { loader as pageLoader } from "~/routes/e.$token/route";
import { loader as pdfLoader } from "~/routes/e.$token.pdf/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount, signedInMember } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const config = env();
const savedAppUrl = config.APP_URL;
afterEach(() => {
  config.APP_URL = savedAppUrl;
});

async function sharedEstimate() {
  // Before signing in: with an https APP_URL the session cookie has another name.
  config.APP_URL = "https://tradedesk.example";
  const account = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, account.user.id, { name: "Ana Ruiz" });
  const estimate = await createEstimate(db, account.user.id, {
    customerId: customer.id,
    title: "Rewire",
    validUntil: "2099-01-31",
  });
  const response = await share(estimate.id, "POST", account.cookie);
  const body = (await response.json()) as { estimateNumber: string; shareableLink: string };
  if (!body.shareableLink) throw new Error(`share: ${response.status} ${JSON.stringify(body)}`);
  const token = body.shareableLink.split("/e/")[1];
  return { ...account, estimate, body, token };
}

const share = (id: string, method: string, cookie: string | null) =>
  runRoute(
    method === "GET" ? shareApiLoader : shareApi,
    apiRequest(`http://localhost/api/estimates/${id}/share`, method, cookie),
    {
      params: { id },
    },
  );

const page = (token: string) => runRoute(pageLoader, new Request(`http://localhost/e/${token}`), { params: { token } });

describe("DELETE /api/estimates/{id}/share", () => {
  it("revokes the link: the old /e/{token} page and PDF answer 404 at once; a second DELETE is 404; a new POST is a new link", async () => {
    const { user, cookie, estimate, body, token } = await sharedEstimate();
    expect(body).toEqual({ estimateNumber: estimate.estimateNumber, shareableLink: `https://tradedesk.example/e/${token}` });
    expect((await page(token)).status).toBe(200);

    const revoked = await share(estimate.id, "DELETE", cookie);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ message: "Share link revoked" });
    expect(await getShareLink(user.id, estimate.id)).toBeUndefined();
    expect((await page(token)).status).toBe(404);
    expect((await runRoute(pdfLoader, new Request(`http://localhost/e/${token}/pdf`), { params: { token } })).status).toBe(404);

    const again = await share(estimate.id, "DELETE", cookie);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Not found" });

    const remade = (await (await share(estimate.id, "POST", cookie)).json()) as { shareableLink: string };
    expect(remade.shareableLink).not.toBe(body.shareableLink);
    expect((await page(token)).status).toBe(404);
  });

  it("answers 404 for another account's estimate (POST and DELETE) and leaves its link alive", async () => {
    const { user, estimate, token } = await sharedEstimate();
    const other = await signedInAccount("Other");
    for (const method of ["POST", "DELETE"]) {
      const answer = await share(estimate.id, method, other.cookie);
      expect(answer.status, method).toBe(404);
      expect(await answer.json(), method).toEqual({ message: "Not found" });
    }
    expect((await getShareLink(user.id, estimate.id))?.token).toBe(token);
    expect((await page(token)).status).toBe(200);
  });

  it("is allowed to the roles that may make the link (owner and office), 403 to a technician, 401 signed out", async () => {
    const { user, estimate, token } = await sharedEstimate();
    const technician = await signedInMember(user.id, "technician");
    for (const method of ["POST", "DELETE"]) {
      const answer = await share(estimate.id, method, technician.cookie);
      expect(answer.status, method).toBe(403);
      expect((await share(estimate.id, method, null)).status, method).toBe(401);
    }
    expect((await page(token)).status).toBe(200);

    const office = await signedInMember(user.id, "office");
    expect((await share(estimate.id, "DELETE", office.cookie)).status).toBe(200);
    expect((await page(token)).status).toBe(404);
  });

  it("answers 405 naming POST and DELETE to any other method", async () => {
    const { cookie, estimate, token } = await sharedEstimate();
    for (const method of ["GET", "PUT", "PATCH"]) {
      const answer = await share(estimate.id, method, cookie);
      expect(answer.status, method).toBe(405);
      expect(await answer.json(), method).toEqual({ message: "Method not allowed. Use POST or DELETE." });
    }
    expect((await page(token)).status).toBe(200);
  });
});
