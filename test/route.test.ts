// runRoute builds the request a browser would send and reads every kind of answer as a Response.
import { data, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { runRoute } from "./route";

type Args = { request: Request; params: Record<string, string>; context: { requestMethod?: string } };

const echo = async ({ request, params, context }: Args) => ({
  method: request.method,
  url: request.url,
  cookie: request.headers.get("Cookie"),
  type: request.headers.get("Content-Type"),
  body: request.body ? await request.text() : null,
  params,
  contextMethod: context.requestMethod,
});

describe("runRoute", () => {
  it("sends a path as a GET with the session cookie and the params", async () => {
    const answer = await runRoute(echo, "/app/jobs?q=panel", { cookie: "__session=abc", params: { jobId: "j1" } });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      method: "GET",
      url: "http://localhost/app/jobs?q=panel",
      cookie: "__session=abc",
      type: null,
      body: null,
      params: { jobId: "j1" },
      contextMethod: "GET",
    });
    expect(await answer.json()).toEqual(answer.data);
  });

  it("posts a form (a name twice stays twice) or JSON, and takes another method", async () => {
    const form = await runRoute(echo, "/app/jobs/new", {
      form: [
        ["tag", "a"],
        ["tag", "b"],
      ],
    });
    expect(form.data).toMatchObject({
      method: "POST",
      type: "application/x-www-form-urlencoded",
      body: "tag=a&tag=b",
      cookie: null,
    });
    const json = await runRoute(echo, "/api/jobs/j1", { method: "PUT", json: { title: "x" } });
    expect(json.data).toMatchObject({ method: "PUT", type: "application/json", body: '{"title":"x"}', contextMethod: "PUT" });
    const raw = await runRoute(echo, "/api/jobs", { json: "{nope" });
    expect(raw.data).toMatchObject({ body: "{nope" });
  });

  it("answers a thrown or returned Response as it is, and data() with its status and headers", async () => {
    const thrown = await runRoute(() => {
      throw redirect("/login");
    }, "/app");
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/login");
    expect(thrown.data).toBeNull();
    const refused = await runRoute(() => data({ problem: "x" }, { status: 400, headers: { "X-Why": "y" } }), "/app");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Why")).toBe("y");
    expect(refused.data).toEqual({ problem: "x" });
    expect(await refused.text()).toBe('{"problem":"x"}');
  });

  it("throws an error that is not a Response on, as Remix would answer 500", async () => {
    await expect(
      runRoute(() => {
        throw new Error("boom");
      }, "/app"),
    ).rejects.toThrow("boom");
  });
});
