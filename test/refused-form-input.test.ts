// Form input a browser never sends but a script can (docs/security.md): a field sent
// twice, control characters in text. Each is a clear form error (400) and writes nothing.
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { countEstimates, getEstimateWithItems } from "~/models/estimate.server";
import { action as editEstimate } from "~/routes/app.estimates.$estimateId_.edit/route";
import { action as newEstimate } from "~/routes/app.estimates.new/route";
import { action as newCustomer } from "~/routes/app.customers.new/route";
import { action as newJob } from "~/routes/app.jobs.new/route";
import { action as saveSettings } from "~/routes/app.settings/route";
import { action as apiCustomers } from "~/routes/api.customers/route";
import { action as apiRegister } from "~/routes/api.auth.register/route";
import { action as sharePage } from "~/routes/e.$token/route";
import { action as register } from "~/routes/register/route";
import { countCustomers, importCustomersCsv, listCustomers } from "~/models/customer.server";
import { getOrCreateShareLink } from "~/models/share.server";
import { getSettings } from "~/models/settings.server";
import { getUserByEmail } from "~/models/user.server";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "./accounts";
import { callRoute } from "./route-call";

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
    for (const repeat of [
      ["taxRate", "9"],
      ["title", "Other"],
      ["items[0].quantity", "2"],
    ] as [string, string][]) {
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
    const answer = await callRoute(
      newCustomer,
      post(
        "/app/customers/new",
        [
          ["name", "Ana"],
          ["name", "Bob"],
        ],
        cookie,
      ),
    );
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.text) as Reply).result.error.name).toEqual(["validation.duplicateField"]);
  });
});

const CONTROL = [
  "\u0000",
  "\u0000\u0000",
  "Ana\u0000",
  "Ana\u001b[31m",
  "\u0007",
  "An\u0008a",
  "Ana\u007f",
  "Ana\u009b",
  "Ana\tRuiz",
  "Ana\nRuiz",
];

describe("control characters in text", () => {
  it("are refused in a customer's name and in notes (where line breaks and tabs are kept)", async () => {
    const { user, cookie } = await account();
    const before = await countCustomers(user.id);
    for (const name of CONTROL) {
      const answer = await callRoute(newCustomer, post("/app/customers/new", [["name", name]], cookie));
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect((JSON.parse(answer.text) as Reply).result.error.name, JSON.stringify(name)).toEqual([
        "validation.controlCharacters",
      ]);
    }
    const notes = await callRoute(
      newCustomer,
      post(
        "/app/customers/new",
        [
          ["name", "Ana"],
          ["notes", "Gate code\u0000"],
        ],
        cookie,
      ),
    );
    expect((JSON.parse(notes.text) as Reply).result.error.notes).toEqual(["validation.controlCharacters"]);
    expect(await countCustomers(user.id)).toBe(before);
    // Line breaks and tabs are ordinary in a multi-line field.
    const saved = await callRoute(
      newCustomer,
      post(
        "/app/customers/new",
        [
          ["name", "Ana Ruiz"],
          ["notes", "Gate code 1234\r\nDog:\tfriendly"],
        ],
        cookie,
      ),
    );
    expect(saved.status).toBe(302);
    expect((await listCustomers(user.id)).items.map((c) => c.notes)).toContain("Gate code 1234\r\nDog:\tfriendly");
  });

  it("are refused by the customer API", async () => {
    const { user, cookie } = await account();
    const before = await countCustomers(user.id);
    const answer = await callRoute(
      apiCustomers,
      new Request("http://localhost/api/customers", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "\u0000" }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).message).toMatch(/control characters/);
    expect(await countCustomers(user.id)).toBe(before);
  });

  it("are refused in an estimate title, a job title and the company name", async () => {
    const { user, cookie, customer } = await account();
    const fields = estimateFields(customer.id).map(([name, value]): [string, string] => [
      name,
      name === "title" ? "\u0000" : value,
    ]);
    const estimate = await callRoute(newEstimate, post("/app/estimates/new", fields, cookie));
    expect(estimate.status).toBe(400);
    expect((JSON.parse(estimate.text) as Reply).result.error.title).toEqual(["validation.controlCharacters"]);
    expect(await countEstimates(user.id)).toBe(0);

    const job = await callRoute(
      newJob,
      post(
        "/app/jobs/new",
        [
          ["customerId", customer.id],
          ["title", "\u0000"],
        ],
        cookie,
      ),
    );
    expect(job.status).toBe(400);
    expect((JSON.parse(job.text) as Reply).result.error.title).toEqual(["validation.controlCharacters"]);

    const settings = await callRoute(
      saveSettings,
      post(
        "/app/settings",
        [
          ["appLanguage", "en"],
          ["documentLanguage", "en"],
          ["companyName", "\u0000"],
          ["currency", "USD"],
          ["defaultTaxRate", "8.25"],
          ["estimateValidDays", "30"],
          ["timeZone", "UTC"],
        ],
        cookie,
      ),
    );
    expect(settings.status).toBe(400);
    expect((JSON.parse(settings.text) as Reply).result.error.companyName).toEqual(["validation.controlCharacters"]);
    expect((await getSettings(user.id)).companyName).not.toBe("\u0000");
  });

  it("are refused in an account name (form and API)", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const form = await callRoute(
      register,
      post(
        "/register",
        [
          ["name", "\u0000"],
          ["email", email],
          ["password", "secret1"],
          ["confirmPassword", "secret1"],
        ],
        "",
      ),
    );
    expect(form.status).toBe(400);
    expect((JSON.parse(form.text) as { result: Reply["result"] }).result.error.name).toEqual(["validation.controlCharacters"]);
    const api = await callRoute(
      apiRegister,
      new Request("http://localhost/api/auth/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "\u0000", email, password: "secret1" }),
      }),
    );
    expect(api.status).toBe(400);
    expect(await getUserByEmail(email)).toBeUndefined();
  });

  it("are refused in a customer's signature on a share link", async () => {
    const { user, db, customer } = await account();
    const estimate = await createEstimate(db, user.id, { customerId: customer.id, title: "Rewire", validUntil: "2099-01-31" });
    const token = (await getOrCreateShareLink(user.id, estimate.id))!.link.token;
    for (const signature of ["\u0000", "\u0000\u0000", "Ana\u0000Ruiz"]) {
      const answer = await callRoute(
        sharePage,
        post(
          `/e/${token}`,
          [
            ["intent", "approve"],
            ["signature", signature],
          ],
          "",
        ),
        { token },
      );
      expect(answer.status, JSON.stringify(signature)).toBe(400);
    }
    const declined = await callRoute(
      sharePage,
      post(
        `/e/${token}`,
        [
          ["intent", "decline"],
          ["name", "\u0000"],
        ],
        "",
      ),
      { token },
    );
    expect(declined.status).toBe(400);
    expect((await getEstimateWithItems(user.id, estimate.id))?.status).toBe("pending");
  });
});

describe("control characters in an imported file", () => {
  it("refuse the row, while a multi-line address cell becomes one line and notes keep their lines", async () => {
    const { user } = await account();
    const csv =
      'Name,Address 1 - Formatted,Notes\r\n"Lena Park","12 Oak St\nApt 4\nAustin, TX","Gate code 12\nDog"\r\n"\u0000",,\r\n';
    const report = await importCustomersCsv(user.id, csv);
    expect(report.imported.map((row) => row.name)).toEqual(["Lena Park"]);
    expect(report.rejected).toEqual([{ line: 3, name: "\u0000", reasons: ["validation.controlCharacters"] }]);
    const [lena] = (await listCustomers(user.id, { q: "Lena Park" })).items;
    expect(lena?.address).toBe("12 Oak St, Apt 4, Austin, TX");
    expect(lena?.notes).toBe("Gate code 12\nDog");
  });
});
