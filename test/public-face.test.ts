// What the outside world sees of TradeDesk (docs/product/README.md): robots.txt, the web
// app manifest and its icons, link previews of the landing page and of a shared estimate or
// invoice (a title, nothing else), and the sign-up form's honeypot.
import { readFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate, createInvoice } from "#db/factories";
import { estimateShareTokens, invoiceShareTokens } from "#db/schema";
import { getUserByEmail } from "~/models/user.server";
import { links } from "~/root";
import { loader as landingLoader, meta as landingMeta } from "~/routes/_index/route";
import { loader as estimateLoader, meta as estimateMeta } from "~/routes/e.$token/route";
import { loader as invoiceLoader, meta as invoiceMeta } from "~/routes/i.$token/route";
import { action as registerAction } from "~/routes/register/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "./accounts";
import { formRequest } from "./requests";
import { runRoute } from "./route";

const pub = path.resolve(import.meta.dirname, "../public");

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string) {
  const bytes = readFileSync(path.join(pub, file));
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

type MetaTag = Record<string, string>;
const tag = (tags: MetaTag[], key: string) => tags.find((t) => t.property === key || t.name === key)?.content;

describe("the public face", () => {
  it("robots.txt keeps crawlers out of the app, the shared links and the API", () => {
    const robots = readFileSync(path.join(pub, "robots.txt"), "utf8");
    for (const path of ["/app", "/e/", "/i/", "/api"]) expect(robots).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    expect(robots).toMatch(/^Allow: \/$/m);
  });

  it("the manifest names the app, starts at /app standalone, and its icons are PNGs of their sizes", () => {
    const manifest = JSON.parse(readFileSync(path.join(pub, "manifest.webmanifest"), "utf8")) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: "TradeDesk", start_url: "/app", display: "standalone", theme_color: "#2563eb" });
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) expect(pngSize(icon.src.slice(1)).join("x")).toBe(icon.sizes);
    expect(pngSize("icons/apple-touch-icon.png")).toEqual([180, 180]);
    const rootLinks = links() as { rel: string; href: string }[];
    expect(rootLinks).toEqual(
      expect.arrayContaining([
        { rel: "manifest", href: "/manifest.webmanifest" },
        { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
      ]),
    );
  });

  it("the landing page previews with its title, description and an absolute image, in the visitor's language", async () => {
    const config = env();
    const saved = config.APP_URL;
    config.APP_URL = "https://tradedesk.example";
    try {
      const data = landingLoader({ request: new Request("http://internal:3000/"), params: {}, context: {} });
      const tags = landingMeta({ data, matches: [{ data: { locale: "es" } }] } as never) as MetaTag[];
      expect(tag(tags, "og:title")).toBe(tag(tags, "title") ?? tags.find((t) => "title" in t)?.title);
      expect(tag(tags, "og:title")).toMatch(/^TradeDesk \| /);
      expect(tag(tags, "og:description")).toBe(tag(tags, "description"));
      expect(tag(tags, "og:image")).toBe("https://tradedesk.example/icons/icon-512.png");
      expect(tag(tags, "og:url")).toBe("https://tradedesk.example/");
      expect(tag(tags, "og:locale")).toBe("es_ES");
      expect(tag(tags, "twitter:card")).toBe("summary");
    } finally {
      config.APP_URL = saved;
    }
  });

  it("a shared estimate or invoice previews as its title alone: no amount, no customer, not indexed", async () => {
    const { user } = await signedInAccount();
    const db = await getDb();
    const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
    const estimate = await createEstimate(db, user.id, {
      customerId: customer.id,
      items: [{ description: "Panel", quantity: 100, unitPrice: 123_456 }],
    });
    const invoice = await createInvoice(db, user.id, {
      customerId: customer.id,
      items: [{ description: "Panel", quantity: 100, unitPrice: 123_456 }],
    });
    const estimateToken = randomBytes(32).toString("base64url");
    const invoiceToken = randomBytes(32).toString("base64url");
    await db.insert(estimateShareTokens).values({ accountId: user.id, estimateId: estimate.id, token: estimateToken });
    await db.insert(invoiceShareTokens).values({ accountId: user.id, invoiceId: invoice.id, token: invoiceToken });

    for (const [loader, meta, token, expected] of [
      [estimateLoader, estimateMeta, estimateToken, `Estimate ${estimate.estimateNumber} from Your Trade Company`],
      [invoiceLoader, invoiceMeta, invoiceToken, `Invoice ${invoice.invoiceNumber} from Your Trade Company`],
    ] as const) {
      const { data } = await runRoute(loader, new Request(`http://localhost/x/${token}`), { params: { token } });
      const tags = (meta as (args: unknown) => MetaTag[])({ data, matches: [] });
      expect(tag(tags, "og:title")).toBe(expected);
      expect(tag(tags, "robots")).toBe("noindex, nofollow");
      const head = JSON.stringify(tags);
      expect(head).not.toContain("Ana Ruiz");
      expect(head).not.toMatch(/1,234\.56|1234\.56|\$/);
      expect(tag(tags, "og:description")).toBeUndefined();
    }
  });

  it("/register's honeypot: a bot that fills it is answered as a person is, and no account is made", async () => {
    const email = `bot-${Date.now()}@example.com`;
    const answer = await runRoute(
      registerAction,
      formRequest("http://localhost/register", {
        name: "Bot",
        email,
        password: "secret12",
        confirmPassword: "secret12",
        website: "http://spam.example",
      }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/app");
    expect(answer.headers.getSetCookie().some((cookie) => cookie.includes("session"))).toBe(false);
    expect(await getUserByEmail(email)).toBeUndefined();

    // The same form without the honeypot makes the account.
    const person = await runRoute(
      registerAction,
      formRequest("http://localhost/register", { name: "Person", email, password: "secret12", confirmPassword: "secret12" }),
    );
    expect(person.status).toBe(302);
    expect(await getUserByEmail(email)).toBeDefined();
  });
});
