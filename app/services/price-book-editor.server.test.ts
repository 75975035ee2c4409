// The estimate editor's price book buttons without JavaScript: search, add an item as a
// line, save a line to the price book (docs/product/price-book.md), posted to the new-estimate action.
import { describe, expect, it } from "vitest";
import { createCustomer } from "#db/factories";
import type { PricePanelState } from "~/lib/estimate-form";
import { countEstimates } from "~/models/estimate.server";
import { createPriceItem, listPriceItems } from "~/models/price-item.server";
import { action as newAction } from "~/routes/app.estimates.new/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import { runRoute } from "../../test/route";

type Reply = { kind: string; result: { initialValue?: { items?: Record<string, string>[] } }; priceBook?: PricePanelState };

const form = (customerId: string, extra: Record<string, string> = {}) => ({
  customerId,
  jobId: "none",
  title: "Panel job",
  status: "pending",
  taxRate: "8.25",
  lineFlags: "1",
  "items[0].description": "",
  "items[0].quantity": "1",
  "items[0].unitPrice": "",
  "items[0].taxable": "on",
  ...extra,
});

const post = (cookie: string, fields: Record<string, string>) =>
  runRoute(newAction, "/app/estimates/new", { cookie, form: Object.entries(fields) });

describe("the price book in the estimate editor", () => {
  it("searches, adds the chosen item in place of the empty first row, and saves nothing else", async () => {
    const { user, cookie } = await signedInAccount();
    const stranger = await signedInAccount();
    const customer = await createCustomer(await getDb(), user.id, { name: "Ana Ruiz" });
    const labor = await createPriceItem(user.id, {
      name: "Electrician labor",
      description: null,
      unitPrice: 10500,
      unit: "hour",
      taxable: false,
      category: "Labor",
      cost: null,
    });
    const foreign = await createPriceItem(stranger.user.id, {
      name: "Electrician labor (theirs)",
      description: null,
      unitPrice: 1,
      unit: "hour",
      taxable: true,
      category: null,
      cost: null,
    });

    const searched = (await post(cookie, form(customer.id, { intent: "price-search", priceQuery: "labor" }))).data as Reply;
    expect(searched.priceBook?.results.map((item) => item.name)).toEqual(["Electrician labor"]);

    const added = (await post(cookie, form(customer.id, { intent: `price-add:${labor.id}` }))).data as Reply;
    expect(added.result.initialValue?.items).toEqual([
      { description: "Electrician labor", quantity: "1", unitPrice: "105.00", discountPercent: "0", taxable: "", optional: "" },
    ]);
    // Another account's item is not found, and nothing is added.
    const refused = (await post(cookie, form(customer.id, { intent: `price-add:${foreign.id}` }))).data as Reply;
    expect(refused.priceBook?.notice).toMatchObject({ type: "error" });
    expect(refused.result.initialValue?.items).toHaveLength(1);
    expect(await countEstimates(user.id)).toBe(0);
  });

  it("saves a line to the price book, and refuses a line without a price", async () => {
    const { user, cookie } = await signedInAccount();
    const customer = await createCustomer(await getDb(), user.id, { name: "Ana Ruiz" });
    const line = { "items[0].description": "Breaker, 20 A", "items[0].unitPrice": "34.25" };
    const saved = (await post(cookie, form(customer.id, { ...line, intent: "price-save:0" }))).data as Reply;
    expect(saved.priceBook?.notice).toMatchObject({ type: "success", values: { name: "Breaker, 20 A" } });
    expect((await listPriceItems(user.id)).items).toMatchObject([{ name: "Breaker, 20 A", unitPrice: 3425, taxable: true }]);
    const refused = (await post(cookie, form(customer.id, { "items[0].description": "No price", intent: "price-save:0" })))
      .data as Reply;
    expect(refused.priceBook?.notice).toMatchObject({ type: "error", description: "priceBook.unitPriceRequired" });
    expect((await listPriceItems(user.id)).total).toBe(1);
    expect(await countEstimates(user.id)).toBe(0);
  });
});
