// /api/items and /api/items/{id} (the price book), called as Remix calls them, with real sessions.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceItems } from "#db/schema";
import { action as collectionAction, loader as collectionLoader } from "~/routes/api.items/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.items.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL_BASE = "http://localhost/api/items";
const call = (method: string, cookie: string | null, body?: unknown, path = "") =>
  apiRequest(`${URL_BASE}${path}`, method, cookie, body);

async function itemCount() {
  const db = await getDb();
  return (await db.select({ value: count() }).from(priceItems).get())!.value;
}

const payload = (overrides: Record<string, unknown> = {}) => ({
  name: "Electrician labor",
  description: "Per hour, two-hour minimum",
  unitPrice: "95.00",
  unit: "hour",
  taxable: false,
  category: "Labor",
  cost: 40,
  ...overrides,
});

describe("/api/items", () => {
  it("creates, lists with ?search=, reads, updates and deletes the account's items", async () => {
    const { cookie } = await signedInAccount();
    const created = await runRoute(collectionAction, call("POST", cookie, payload()));
    expect(created.status).toBe(201);
    const item = await created.json();
    expect(item).toMatchObject({
      name: "Electrician labor",
      unitPrice: "95.00",
      unit: "hour",
      taxable: false,
      category: "Labor",
      cost: "40.00",
    });
    const defaults = await (
      await runRoute(collectionAction, call("POST", cookie, { name: "GFCI outlet", unitPrice: 24.5 }))
    ).json();
    expect(defaults).toMatchObject({ unit: "each", taxable: true, category: null, cost: null, description: null });

    const all = await runRoute(collectionLoader, call("GET", cookie, undefined, "?search=gfci"));
    expect(all.headers.get("X-Total-Count")).toBe("1");
    expect((await all.json()).map((row: { name: string }) => row.name)).toEqual(["GFCI outlet"]);

    const read = await runRoute(itemLoader, call("GET", cookie, undefined, `/${item.id}`), { params: { id: item.id } });
    expect(await read.json()).toMatchObject({ id: item.id, name: "Electrician labor" });

    const updated = await runRoute(
      itemAction,
      call("PUT", cookie, payload({ unitPrice: "105.00", taxable: true }), `/${item.id}`),
      {
        params: { id: item.id },
      },
    );
    expect(await updated.json()).toMatchObject({ unitPrice: "105.00", taxable: true });

    const deleted = await runRoute(itemAction, call("DELETE", cookie, undefined, `/${item.id}`), { params: { id: item.id } });
    expect(deleted.status).toBe(200);
    const gone = await runRoute(itemLoader, call("GET", cookie, undefined, `/${item.id}`), { params: { id: item.id } });
    expect(gone.status).toBe(404);
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const { cookie } = await signedInAccount();
    const cases: [unknown, string][] = [
      [payload({ unitPrice: "-1.00" }), "Unit price cannot be negative"],
      [payload({ unitPrice: "1.005" }), "Unit price can have at most two decimals"],
      [payload({ unitPrice: undefined }), "Unit price is required"],
      [payload({ cost: -5 }), "Cost cannot be negative"],
      [payload({ name: "  " }), "Name is required"],
      [payload({ taxable: "yes" }), "taxable must be true or false (yes or no in a file)"],
      [payload({ id: "forged" }), "Unrecognized field(s): id"],
    ];
    const before = await itemCount();
    for (const [body, message] of cases) {
      const response = await runRoute(collectionAction, call("POST", cookie, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message, JSON.stringify(body)).toContain(message);
    }
    expect(await itemCount()).toBe(before);
  });

  it("answers 404 for another account's item and changes nothing", async () => {
    const owner = await signedInAccount();
    const stranger = await signedInAccount();
    const item = await (await runRoute(collectionAction, call("POST", owner.cookie, payload()))).json();
    const params = { params: { id: item.id } };
    expect((await runRoute(itemLoader, call("GET", stranger.cookie, undefined, `/${item.id}`), params)).status).toBe(404);
    expect(
      (await runRoute(itemAction, call("PUT", stranger.cookie, payload({ name: "Mine now" }), `/${item.id}`), params)).status,
    ).toBe(404);
    expect((await runRoute(itemAction, call("DELETE", stranger.cookie, undefined, `/${item.id}`), params)).status).toBe(404);
    const list = await runRoute(collectionLoader, call("GET", stranger.cookie));
    expect(await list.json()).toEqual([]);
    const still = await (await runRoute(itemLoader, call("GET", owner.cookie, undefined, `/${item.id}`), params)).json();
    expect(still).toMatchObject({ name: "Electrician labor", unitPrice: "95.00" });
  });
});
