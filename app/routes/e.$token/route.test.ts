// A share link's view count (docs/security.md): page views are GETs; a refused approve or
// decline post, which Remix answers by running the page's loader again, is not a view.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { estimateShareTokens, estimates } from "#db/schema";
import { ShareResponseForms, type ResponseReply } from "~/components/share-response-forms";
import * as sharePage from "~/routes/e.$token/route";
import { getOrCreateShareLink, loadSharedEstimate } from "~/models/share.server";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { remixHandler, type RouteModule } from "../../../test/remix-handler";

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

describe("a refused approve without JavaScript", () => {
  it("sends the ticked optional lines back and the form shows them ticked", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      title: "Rewire",
      validUntil: "2099-01-31",
      items: [
        { description: "Panel upgrade", quantity: 100, unitPrice: 250000 },
        { description: "Surge protector", quantity: 100, unitPrice: 20000, optional: true },
        { description: "EV charger", quantity: 100, unitPrice: 90000, optional: true },
      ],
    });
    const [, surge, charger] = estimate.items;
    const token = (await getOrCreateShareLink(user.id, estimate.id))!.link.token;

    const refused = (await sharePage.action({
      request: new Request(`http://localhost/e/${token}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "approve", signature: "", [`choose-${surge!.id}`]: "on" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: { token },
      context: {},
    })) as unknown as { data: { reply: ResponseReply }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.reply.chosen).toEqual([surge!.id]);
    const status = await db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, estimate.id)).get();
    expect(status!.status).not.toBe("approved");

    // The page that answers the refused post (no JavaScript: rendered on the server) has the box ticked.
    const shared = await loadSharedEstimate(token);
    const choices = [
      { id: surge!.id, index: 1 },
      { id: charger!.id, index: 2 },
    ];
    const render = async (reply: ResponseReply | null) => {
      const Forms = () =>
        createElement(ShareResponseForms, {
          company: "Volt",
          reply,
          document: shared!.document,
          choices,
          language: "en",
        });
      const handler = createStaticHandler([{ id: "root", path: "/", Component: Forms }]);
      const context = await handler.query(new Request("http://localhost/"));
      if (context instanceof Response) throw new Error("redirected");
      return renderToString(
        createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
      );
    };
    const boxOf = (html: string, id: string) => html.match(new RegExp(`<input[^>]*name="choose-${id}"[^>]*>`))?.[0] ?? "";
    const fresh = await render(null);
    expect(boxOf(fresh, surge!.id)).not.toBe("");
    expect(boxOf(fresh, surge!.id)).not.toContain("checked");
    const html = await render(refused.data.reply);
    expect(boxOf(html, surge!.id)).toContain('checked=""');
    expect(boxOf(html, charger!.id)).not.toBe("");
    expect(boxOf(html, charger!.id)).not.toContain("checked");
  });
});
