// Form input a browser never sends but a script can (issue 21 §4, §6): a field sent
// twice, control characters in text. Each is a clear form error (400) and writes nothing.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { countEstimates, getEstimateWithItems } from "~/models/estimate.server";
import { action as editEstimate } from "~/routes/app.estimates.$estimateId_.edit";
import { action as newEstimate } from "~/routes/app.estimates.new";
import { action as newCustomer } from "~/routes/app.customers.new";
import { getDb } from "~/services/db.server";
import { signedInAccount } from "../../test/accounts";
import { callRoute } from "../../test/route-call";

const ORIGIN = "http://localhost";

/** A form post with the fields in order, repeats included. */
const post = (path: string, fields: [string, string][], cookie: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });

const estimateFields = (customerId: string): [string, string][] => [
  ["customerId", customerId],
  ["jobId", "none"],
  ["title", "Kitchen circuit"],
  ["status", "pending"],
  ["taxRate", "8.25"],
  ["items[0].description", "Labor"],
  ["items[0].quantity", "1"],
  ["items[0].unitPrice", "10"],
];

async function account() {
  const { user, cookie } = await signedInAccount();
  const db = await getDb();
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
  return { user, cookie, db, customer };
}

type Reply = { result: { initialValue: Record<string, unknown>; error: Record<string, string[] | null> } };

describe("a field sent twice", () => {
  it("is a form error on that field for a new estimate, sent back as one value the page can render", async () => {
    const { user, cookie, customer } = await account();
    for (const repeat of [["taxRate", "9"], ["title", "Other"], ["items[0].quantity", "2"]] as [string, string][]) {
      const answer = await callRoute(newEstimate, post("/app/estimates/new", [...estimateFields(customer.id), repeat], cookie));
      expect(answer.status, repeat[0]).toBe(400);
      const { result } = JSON.parse(answer.text) as Reply;
      expect(result.error[repeat[0]], repeat[0]).toEqual(["validation.duplicateField"]);
      // The editor renders these back into its inputs (and reads the tax rate with .trim()).
      expect(typeof result.initialValue.taxRate).toBe("string");
      expect(typeof result.initialValue.title).toBe("string");
    }
    expect(await countEstimates(user.id)).toBe(0);
  });

  it("is a form error when editing an estimate, which stays as it was", async () => {
    const { user, cookie, db, customer } = await account();
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, title: "Before" });
    const answer = await callRoute(
      editEstimate,
      post(`/app/estimates/${estimate.id}/edit`, [...estimateFields(customer.id), ["taxRate", "1"]], cookie),
      { estimateId: estimate.id },
    );
    expect(answer.status).toBe(400);
    const { result } = JSON.parse(answer.text) as Reply;
    expect(result.error.taxRate).toEqual(["validation.duplicateField"]);
    expect(result.initialValue.taxRate).toBe("8.25");
    expect((await getEstimateWithItems(user.id, estimate.id))?.title).toBe("Before");
  });

  it("is a form error on the customer form too", async () => {
    const { cookie } = await account();
    const answer = await callRoute(newCustomer, post("/app/customers/new", [["name", "Ana"], ["name", "Bob"]], cookie));
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.text) as Reply).result.error.name).toEqual(["validation.duplicateField"]);
  });
});
