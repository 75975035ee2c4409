// A share link's view count (issue 21 §6): page views are GETs; a refused approve or
// decline post, which Remix answers by running the page's loader again, is not a view.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { estimateShareTokens } from "#db/schema";
import * as sharePage from "~/routes/e.$token";
import { getOrCreateShareLink } from "~/models/share.server";
import { getDb } from "~/services/db.server";
import { signedInAccount } from "../../test/accounts";
import { remixHandler, type RouteModule } from "../../test/remix-handler";

const handle = remixHandler({ "routes/e.$token": { path: "e/:token", module: sharePage as unknown as RouteModule } });

async function viewCount(token: string) {
  const db = await getDb();
  const row = await db.select().from(estimateShareTokens).where(eq(estimateShareTokens.token, token)).get();
  return row!.viewCount;
}

const post = (path: string, fields: Record<string, string>) =>
  handle(
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );

describe("share link views", () => {
  it("counts GETs of the page and not refused approve or decline posts", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, title: "Rewire", validUntil: "2099-01-31" });
    const token = (await getOrCreateShareLink(user.id, estimate.id))!.link.token;

    const page = await handle(new Request(`http://localhost/e/${token}`));
    expect(page.status).toBe(200);
    expect(await viewCount(token)).toBe(1);

    // No JavaScript: the post is a document request (action, then loader).
    const refusals: Record<string, string>[] = [
      { intent: "approve", signature: "" },
      { intent: "approve", signature: "x" },
      { intent: "decline", name: "n".repeat(500) },
    ];
    for (const fields of refusals) {
      const refused = await post(`/e/${token}`, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
    }
    // JavaScript on: the post goes to the .data twin.
    expect((await post(`/e/${token}.data`, { intent: "approve", signature: "" })).status).toBe(400);
    expect(await viewCount(token)).toBe(1);

    expect((await handle(new Request(`http://localhost/e/${token}.data`))).status).toBe(200);
    expect(await viewCount(token)).toBe(2);
  });
});
