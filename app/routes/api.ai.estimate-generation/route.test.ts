// POST /api/ai/estimate-generation and the estimate editor's AI assistant (intents
// ai-analyze and ai-add on the create and edit actions), called the way Remix calls them.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { estimateJob } from "~/lib/ai-estimator";
import type { AiPanelState } from "~/lib/ai-editor";
import { countEstimates, getEstimateWithItems } from "~/models/estimate.server";
import { action as apiAction, loader as apiLoader } from "~/routes/api.ai.estimate-generation/route";
import { action as editAction } from "~/routes/app.estimates.$estimateId_.edit/route";
import { action as newAction } from "~/routes/app.estimates.new/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const ORIGIN = "http://localhost";
const API = `${ORIGIN}/api/ai/estimate-generation`;
const config = env();
const saved = { key: config.OPENAI_API_KEY, url: config.OPENAI_BASE_URL };

afterEach(() => {
  config.OPENAI_API_KEY = saved.key;
  config.OPENAI_BASE_URL = saved.url;
});

/** A chat-completions server on loopback that answers HTTP 500 to everything. */
async function failingServer() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "boom", type: "server_error" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  config.OPENAI_API_KEY = "test-key";
  config.OPENAI_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return () => new Promise((resolve) => server.close(resolve));
}

describe("POST /api/ai/estimate-generation", () => {
  it("answers the built-in estimator's result as JSON", async () => {
    const { cookie } = await signedInAccount();
    const body = { jobDescription: "Replace 3 outlets and install a 200 amp panel", location: "", jobType: "Electrical" };
    const response = await runRoute(apiAction, apiRequest(API, "POST", cookie, body));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual(estimateJob({ jobDescription: body.jobDescription, jobType: "electrical" }));
  });

  it("refuses a blank description or a missing or unknown job type with the SPEC message, as text", async () => {
    const { cookie } = await signedInAccount();
    for (const body of [
      { jobDescription: "   ", jobType: "Electrical" },
      { jobDescription: "Replace 3 outlets" },
      { jobDescription: "Replace 3 outlets", jobType: "Carpentry" },
      { jobDescription: 42, jobType: "Electrical" },
    ]) {
      const response = await runRoute(apiAction, apiRequest(API, "POST", cookie, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get("Content-Type")).toContain("text/plain");
      expect(await response.text()).toBe("Please provide job description and type");
    }
    const broken = await runRoute(apiAction, apiRequest(API, "POST", cookie, "{nope"));
    expect(broken.status).toBe(400);
    expect(await broken.text()).toBe("Request body is not valid JSON.");
  });

  it("answers 401 without a session and 405 to GET", async () => {
    const response = await runRoute(apiAction, apiRequest(API, "POST", null, { jobDescription: "x", jobType: "Other" }));
    expect(response.status).toBe(401);
    expect((await runRoute(apiLoader, apiRequest(API, "GET", null))).status).toBe(405);
  });

  it("answers 502 with a plain-text message when the AI service fails", async () => {
    const { cookie } = await signedInAccount();
    const close = await failingServer();
    try {
      const response = await runRoute(
        apiAction,
        apiRequest(API, "POST", cookie, { jobDescription: "Replace 3 outlets", jobType: "Electrical" }),
      );
      expect(response.status).toBe(502);
      expect(response.headers.get("Content-Type")).toContain("text/plain");
      expect(await response.text()).toBe("The AI service answered with an error (HTTP 500).");
    } finally {
      await close();
    }
  });
});

type Reply = {
  kind: string;
  ai?: AiPanelState;
  result: {
    initialValue?: Record<string, unknown>;
    intent?: { type: string; payload: { name: string; value: unknown } };
    error?: unknown;
  };
};

async function accountWithCustomer() {
  const account = await signedInAccount();
  const customer = await createCustomer(await getDb(), account.user.id, { name: "Ana Ruiz" });
  return { ...account, customer };
}

/** The editor form as the browser posts it: a new estimate with its empty first row, and the assistant's fields. */
const editorForm = (customerId: string, extra: Record<string, string> = {}) => ({
  customerId,
  jobId: "none",
  title: "Panel job",
  description: "",
  status: "pending",
  taxRate: "8.25",
  validUntil: "2025-09-30",
  notes: "",
  "items[0].description": "",
  "items[0].quantity": "1",
  "items[0].unitPrice": "",
  aiDescription: "Replace 3 outlets and install a 200 amp panel",
  aiJobType: "electrical",
  aiLocation: "",
  aiLanguage: "en",
  ...extra,
});

function post(
  handler: unknown,
  cookie: string,
  fields: Record<string, string | string[]>,
  params: Record<string, string> = {},
  path = "/app/estimates/new",
) {
  const form = Object.entries(fields).flatMap(([name, value]) => [value].flat().map((one): [string, string] => [name, one]));
  return runRoute(handler, path, { cookie, form, params });
}

describe("the estimate editor's AI assistant", () => {
  it("Analyze shows the suggestions with the form as typed, and saves nothing", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const { status, data: body } = await post(newAction, cookie, { ...editorForm(customer.id), title: "", intent: "ai-analyze" });
    expect(status).toBe(200);
    const reply = body as Reply;
    expect(reply.kind).toBe("ai");
    const expected = estimateJob({ jobDescription: "Replace 3 outlets and install a 200 amp panel", jobType: "electrical" });
    expect(reply.ai).toMatchObject({
      jobDescription: "Replace 3 outlets and install a 200 amp panel",
      jobType: "electrical",
      result: expected,
      added: [],
      notice: {
        type: "success",
        title: "assistant.completeTitle",
        description: "assistant.completeBody",
        values: { count: String(expected.suggestedItems.length) },
      },
    });
    // No error messages for the missing title: nothing was submitted yet.
    expect(reply.result.error).toBeUndefined();
    expect(reply.result.initialValue).toMatchObject({ customerId: customer.id, taxRate: "8.25" });
    expect(reply.result.initialValue).not.toHaveProperty("aiDescription");
    expect(await countEstimates(user.id)).toBe(0);
  });

  it("Analyze with a blank description or no job type says Missing Information", async () => {
    const { cookie, customer } = await accountWithCustomer();
    const { data: body } = await post(newAction, cookie, {
      ...editorForm(customer.id, { aiDescription: "  ", aiJobType: "none" }),
      intent: "ai-analyze",
    });
    expect((body as Reply).ai).toMatchObject({
      result: null,
      notice: { type: "error", title: "assistant.missingTitle", description: "assistant.missingBody" },
      missing: { description: true, jobType: true },
    });
  });

  it("Analyze says AI Analysis Failed with the service's message when it fails", async () => {
    const { cookie, customer } = await accountWithCustomer();
    const close = await failingServer();
    try {
      const { data: body } = await post(newAction, cookie, { ...editorForm(customer.id), intent: "ai-analyze" });
      expect((body as Reply).ai).toMatchObject({
        result: null,
        notice: {
          type: "error",
          title: "assistant.failedTitle",
          description: "assistant.errors.http",
          values: { status: "500" },
        },
      });
    } finally {
      await close();
    }
  });

  it("Add to estimate puts the picked suggestions in place of the empty first row, then they save with their totals", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const analyzed = (await post(newAction, cookie, { ...editorForm(customer.id), intent: "ai-analyze" })).data as Reply;
    const result = analyzed.ai!.result!;
    const withResult = { ...editorForm(customer.id), aiResult: JSON.stringify(result), aiAdded: "" };

    const none = (await post(newAction, cookie, { ...withResult, intent: "ai-add" })).data as Reply;
    expect(none.ai?.notice).toMatchObject({ type: "error", title: "assistant.noPickTitle", description: "assistant.noPick" });
    expect(none.result.intent).toBeUndefined();

    // Picks: the receptacles (0) and the 200 A panel (2).
    const added = (await post(newAction, cookie, { ...withResult, aiPick: ["2", "0", "0"], intent: "ai-add" })).data as Reply;
    const lines = [
      {
        description: "Tamper-resistant duplex receptacle with cover plate, 15 A",
        quantity: "3",
        unitPrice: "6.00",
        discountPercent: "0",
        taxable: "on",
        optional: "",
      },
      {
        description: "200 A main breaker load center, 40 spaces",
        quantity: "1",
        unitPrice: "350.00",
        discountPercent: "0",
        taxable: "on",
        optional: "",
      },
    ];
    expect(added.kind).toBe("ai");
    expect(added.result.intent).toEqual({ type: "update", payload: { name: "items", value: lines } });
    expect(added.result.initialValue?.items).toEqual(lines);
    expect(added.ai).toMatchObject({
      added: [0, 2],
      notice: { type: "success", title: "assistant.addedTitle", values: { count: "2" } },
    });
    expect(await countEstimates(user.id)).toBe(0);

    // The same suggestions again are not added twice.
    const again = (await post(newAction, cookie, { ...withResult, aiAdded: "0,2", aiPick: ["0"], intent: "ai-add" }))
      .data as Reply;
    expect(again.ai?.notice).toMatchObject({ description: "assistant.noPick" });

    // Saving the form as shown: 18.00 + 350.00 = 368.00, tax 8.25% = 30.36.
    const fields: Record<string, string> = { ...editorForm(customer.id) };
    for (const key of Object.keys(fields)) if (key.startsWith("items[")) delete fields[key];
    lines.forEach((line, index) => {
      fields[`items[${index}].description`] = line.description;
      fields[`items[${index}].quantity`] = line.quantity;
      fields[`items[${index}].unitPrice`] = line.unitPrice;
    });
    const saved = await post(newAction, cookie, { ...fields, aiResult: JSON.stringify(result), aiAdded: "0,2" });
    expect(saved.status).toBe(302);
    const [estimate] = (await (await getDb()).query.estimates.findMany({ where: (e, { eq }) => eq(e.accountId, user.id) })) as {
      id: string;
    }[];
    expect(await getEstimateWithItems(user.id, estimate.id)).toMatchObject({ subtotal: 36_800, taxAmount: 3036, total: 39_836 });
  });

  it("keeps the rows the user filled, and refuses a result it cannot read", async () => {
    const { cookie, customer } = await accountWithCustomer();
    const result = estimateJob({ jobDescription: "Replace 3 outlets", jobType: "electrical" });
    const form = { ...editorForm(customer.id), "items[0].description": "Trip charge", "items[0].unitPrice": "50" };
    const added = (await post(newAction, cookie, { ...form, aiResult: JSON.stringify(result), aiPick: "1", intent: "ai-add" }))
      .data as Reply;
    expect(added.result.initialValue?.items).toEqual([
      { description: "Trip charge", quantity: "1", unitPrice: "50" },
      {
        description: "Electrician labor – outlet replacement (hour)",
        quantity: "1.5",
        unitPrice: "95.00",
        discountPercent: "0",
        taxable: "on",
        optional: "",
      },
    ]);
    const tampered = (
      await post(newAction, cookie, { ...form, aiResult: '{"suggestedItems":"nope"}', aiPick: "0", intent: "ai-add" })
    ).data as Reply;
    expect(tampered.ai?.notice).toMatchObject({ type: "error", description: "assistant.noResult" });
    expect(tampered.result.initialValue?.items).toEqual([{ description: "Trip charge", quantity: "1", unitPrice: "50" }]);
  });

  it("works on the edit screen too, and keeps the suggestions through a refused save", async () => {
    const { user, cookie, customer } = await accountWithCustomer();
    const estimate = await createEstimate(await getDb(), user.id, { customerId: customer.id });
    const path = `/app/estimates/${estimate.id}/edit`;
    const analyzed = (
      await post(editAction, cookie, { ...editorForm(customer.id), intent: "ai-analyze" }, { estimateId: estimate.id }, path)
    ).data as Reply;
    expect(analyzed.ai?.result?.suggestedItems.length).toBeGreaterThan(0);
    // A save refused for its empty row still shows the assistant's suggestions.
    const refused = await post(
      editAction,
      cookie,
      { ...editorForm(customer.id), aiResult: JSON.stringify(analyzed.ai!.result) },
      { estimateId: estimate.id },
      path,
    );
    expect(refused.status).toBe(400);
    expect((refused.data as Reply).ai?.result).toEqual(analyzed.ai!.result);
  });
});
