// Where the sign-in, language/theme and notification forms send the browser back to
// (docs/security.md, "Input, redirects and rate limits"): only a path of this origin, as an ASCII Location header.
import { describe, expect, it } from "vitest";
import { createNotification } from "~/models/notification.server";
import { createUser } from "~/models/user.server";
import { action as loginAction } from "~/routes/login/route";
import { action as notificationsAction } from "~/routes/app.notifications/route";
import { action as preferencesAction } from "~/routes/resources.preferences/route";
import { signedInAccount } from "./accounts";
import { callRoute } from "./route-call";
import { formRequest } from "./requests";

const ORIGIN = "http://localhost";
const OFF_SITE = [
  "/\t/127.0.0.1:3701/phish",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\\evil.example",
  "/.//evil.example",
  "//evil.example",
];

describe("redirectTo after sign-in", () => {
  it("never leaves the site, whatever control characters the value carries", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    await createUser({ name: "Lee", email, password: "secret1" });
    for (const redirectTo of OFF_SITE) {
      const answer = await callRoute(loginAction, formRequest(`${ORIGIN}/login`, { email, password: "secret1", redirectTo }));
      expect(answer.status, JSON.stringify(redirectTo)).toBe(302);
      expect(answer.location, JSON.stringify(redirectTo)).toBe("/app");
    }
  });

  it("signs in and returns to a search for non-Latin text, percent-encoded", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    await createUser({ name: "Lee", email, password: "secret1" });
    const answer = await callRoute(
      loginAction,
      formRequest(`${ORIGIN}/login`, { email, password: "secret1", redirectTo: "/app/search?q=日本" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/app/search?q=%E6%97%A5%E6%9C%AC");
    expect(answer.headers.getSetCookie().join("\n")).toMatch(/td_session=/);
  });
});

describe("redirectTo of the language and theme switcher", () => {
  it("stays on the site and never answers 500", async () => {
    for (const redirectTo of OFF_SITE) {
      const answer = await callRoute(
        preferencesAction,
        formRequest(`${ORIGIN}/resources/preferences`, { theme: "dark", redirectTo }),
      );
      expect(answer.location, JSON.stringify(redirectTo)).toBe("/");
    }
    const encoded = await callRoute(
      preferencesAction,
      formRequest(`${ORIGIN}/resources/preferences`, { language: "es", redirectTo: "/app/search?q=日本" }),
    );
    expect(encoded.status).toBe(302);
    expect(encoded.location).toBe("/app/search?q=%E6%97%A5%E6%9C%AC");
    const newline = await callRoute(
      preferencesAction,
      formRequest(`${ORIGIN}/resources/preferences`, { language: "es", redirectTo: "/app\n" }),
    );
    expect(newline.status).toBe(302);
    expect(newline.location).toBe("/");
  });
});

describe("redirectTo of the notification bell", () => {
  it("stays on the site and never answers 500", async () => {
    const { user, cookie } = await signedInAccount();
    await createNotification(user.id, { type: "payment_received", title: "Hi", message: "Hello" });
    const post = (redirectTo: string) =>
      callRoute(
        notificationsAction,
        formRequest(`${ORIGIN}/app/notifications`, { intent: "read-all", redirectTo }, { Cookie: cookie }),
      );
    for (const redirectTo of OFF_SITE) {
      expect((await post(redirectTo)).location, JSON.stringify(redirectTo)).toBe("/app/notifications");
    }
    const encoded = await post("/app/search?q=ñandú");
    expect(encoded.status).toBe(302);
    expect(encoded.location).toBe("/app/search?q=%C3%B1and%C3%BA");
    const newline = await post("/app/jobs\n");
    expect(newline.status).toBe(302);
    expect(newline.location).toBe("/app/notifications");
  });
});
