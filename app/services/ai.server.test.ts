// The OpenAI path of the AI estimate assistant against a real HTTP server on loopback
// that speaks the chat-completions protocol: a good answer, malformed JSON, HTTP 500 and
// a server that never answers. Without a key, the built-in estimator answers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { estimateJob } from "~/lib/ai-estimator";
import { AI_CALLS_PER_HOUR, generateEstimate } from "./ai.server";
import { env } from "~/infrastructure/env.server";

type Reply = { status?: number; body?: unknown; content?: string; hang?: boolean; stallBody?: boolean };

interface Received {
  path: string;
  authorization: string | undefined;
  body: { model: string; response_format: unknown; messages: { role: string; content: string }[] };
}

const received: Received[] = [];
let next: Reply = {};
let server: http.Server;
let baseUrl = "";

function completion(content: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", authorization: req.headers.authorization, body: JSON.parse(raw) });
      const reply = next;
      if (reply.hang) return; // Never answers: the client's time limit must end the wait.
      if (reply.stallBody) {
        // Answers the headers and half a body, then nothing.
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"id":"chatcmpl-test","choices":[');
        return;
      }
      res.writeHead(reply.status ?? 200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(reply.body ?? completion(reply.content ?? "")));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const config = env();
const saved = { key: config.OPENAI_API_KEY, url: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL };

beforeEach(() => {
  received.length = 0;
  next = {};
  config.OPENAI_API_KEY = "test-key";
  config.OPENAI_BASE_URL = baseUrl;
  config.OPENAI_MODEL = "test-model";
});

afterEach(async () => {
  config.OPENAI_API_KEY = saved.key;
  config.OPENAI_BASE_URL = saved.url;
  config.OPENAI_MODEL = saved.model;
  server.closeAllConnections();
  // Let the client see its kept-alive sockets close before the next test would reuse one.
  await new Promise((resolve) => setTimeout(resolve, 20));
});

const request = { jobDescription: "Replace 3 outlets", jobType: "electrical" as const, location: "Austin, TX" };

const goodAnswer = {
  suggestedItems: [
    { description: "Duplex outlet", quantity: 3, unit: "each", unitPrice: 4.5, total: 13.5, reasoning: "Three outlets" },
    {
      description: "Electrician labor",
      quantity: 1.5,
      unit: "hour",
      unitPrice: 95,
      total: 999,
      reasoning: "Half an hour per outlet",
    },
  ],
  marketAnalysis: {
    competitivePricing: "Within the local range",
    profitMargin: "About 30%",
    recommendations: ["Check the box fill"],
  },
  timeEstimate: "About 2 hours",
  riskFactors: ["Old wiring"],
};

describe("generateEstimate with OPENAI_API_KEY", () => {
  it("allows each account AI_CALLS_PER_HOUR calls an hour, then answers without calling the service", async () => {
    next = { content: JSON.stringify(goodAnswer) };
    const start = Date.UTC(2026, 10, 21, 9, 0, 0);
    for (let call = 0; call < AI_CALLS_PER_HOUR; call++) {
      expect((await generateEstimate("busy-account", request, { now: start + call * 1000 })).ok).toBe(true);
    }
    expect(received).toHaveLength(AI_CALLS_PER_HOUR);
    const refused = await generateEstimate("busy-account", request, { now: start + 30 * 60 * 1000 });
    expect(refused).toEqual({
      ok: false,
      code: "accountLimit",
      retryAfterMinutes: 30,
      message: `This account has used its ${AI_CALLS_PER_HOUR} AI analyses for this hour. Try again in 30 minutes.`,
    });
    expect(received).toHaveLength(AI_CALLS_PER_HOUR);
    // Another account is not held back, and the busy one gets a new allowance after the hour.
    expect((await generateEstimate("quiet-account", request, { now: start + 30 * 60 * 1000 })).ok).toBe(true);
    expect((await generateEstimate("busy-account", request, { now: start + 61 * 60 * 1000 })).ok).toBe(true);
    expect(received).toHaveLength(AI_CALLS_PER_HOUR + 2);
  });

  it("asks the chat-completions server for JSON and answers its checked result", async () => {
    next = { content: JSON.stringify(goodAnswer) };
    const outcome = await generateEstimate("account-1", request);
    expect(outcome).toEqual({
      ok: true,
      result: {
        ...goodAnswer,
        // Totals are computed here, never taken from the model (999 was wrong).
        suggestedItems: [goodAnswer.suggestedItems[0], { ...goodAnswer.suggestedItems[1], total: 142.5 }],
        source: "openai",
      },
    });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call.path).toBe("/v1/chat/completions");
    expect(call.authorization).toBe("Bearer test-key");
    expect(call.body.model).toBe("test-model");
    expect(call.body.response_format).toEqual({ type: "json_object" });
    expect(call.body.messages[0]).toMatchObject({ role: "system" });
    expect(call.body.messages[0].content).toContain('"suggestedItems"');
    expect(call.body.messages[0].content).toContain("Write every text in English.");
    expect(JSON.parse(call.body.messages[1].content)).toEqual({
      jobDescription: "Replace 3 outlets",
      jobType: "Electrical",
      location: "Austin, TX",
    });
  });

  it("asks for Spanish when the interface is Spanish, and accepts a fenced answer", async () => {
    next = { content: "```json\n" + JSON.stringify(goodAnswer) + "\n```" };
    const outcome = await generateEstimate("account-1", { ...request, language: "es" });
    expect(outcome.ok).toBe(true);
    expect(received[0].body.messages[0].content).toContain("Write every text in Spanish.");
  });

  it("turns malformed JSON into a clear error", async () => {
    next = { content: '{"suggestedItems": [' };
    expect(await generateEstimate("account-1", request)).toEqual({
      ok: false,
      code: "invalidJson",
      message: "The AI service's answer was not valid JSON.",
    });
  });

  it("turns JSON in another shape into a clear error", async () => {
    next = { content: JSON.stringify({ items: [{ name: "outlet" }] }) };
    expect(await generateEstimate("account-1", request)).toEqual({
      ok: false,
      code: "invalidShape",
      message: "The AI service's answer did not have the expected estimate shape.",
    });
  });

  it("turns an empty answer into a clear error", async () => {
    next = { body: { ...completion(""), choices: [] } };
    expect(await generateEstimate("account-1", request)).toMatchObject({ ok: false, code: "empty" });
  });

  it("turns HTTP 500 into a clear error, without retrying", async () => {
    next = { status: 500, body: { error: { message: "The server had an error", type: "server_error" } } };
    expect(await generateEstimate("account-1", request)).toEqual({
      ok: false,
      code: "http",
      status: 500,
      message: "The AI service answered with an error (HTTP 500).",
    });
    expect(received).toHaveLength(1);
  });

  it("names a refused key", async () => {
    next = { status: 401, body: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } } };
    expect(await generateEstimate("account-1", request)).toMatchObject({
      ok: false,
      code: "auth",
      status: 401,
      message: expect.stringContaining("Check OPENAI_API_KEY"),
    });
  });

  it("gives up on a server that does not answer within the time limit", async () => {
    next = { hang: true };
    const started = Date.now();
    const outcome = await generateEstimate("account-1", request, { timeoutMs: 300 });
    expect(outcome).toEqual({ ok: false, code: "timeout", message: "The AI service did not answer within 1 second." });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(received).toHaveLength(1);
  });

  it("gives up on an answer whose body stalls after the headers", async () => {
    next = { stallBody: true };
    expect(await generateEstimate("account-1", request, { timeoutMs: 300 })).toMatchObject({ ok: false, code: "timeout" });
  });

  it("says so when the server cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    config.OPENAI_BASE_URL = `http://127.0.0.1:${port}/v1`;
    expect(await generateEstimate("account-1", request)).toEqual({
      ok: false,
      code: "unreachable",
      message: `Could not reach the AI service (127.0.0.1:${port}).`,
    });
  });
});

describe("generateEstimate without a key", () => {
  it("answers with the built-in estimator and calls nobody", async () => {
    config.OPENAI_API_KEY = undefined;
    const outcome = await generateEstimate("account-1", request);
    expect(outcome).toEqual({ ok: true, result: estimateJob(request) });
    expect(received).toHaveLength(0);
  });
});
