// The customer's link to an estimate: tokens, revocation, the public page and its one decision.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { accountSettings, estimates, estimateShareTokens } from "#db/schema";
import { action as pageAction, loader as pageLoader } from "~/routes/e.$token/route";
import { loader as logoLoader } from "~/routes/e.$token.logo/route";
import { loader as pdfLoader } from "~/routes/e.$token.pdf/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../test/accounts";
import { formRequest } from "../../test/requests";
import { runRoute } from "../../test/route";
import { createInvoiceFromEstimate } from "./invoice.server";
import { listNotifications } from "./notification.server";
import { getSettings } from "./settings.server";
import {
  decideSharedEstimate,
  findShareLink,
  getOrCreateShareLink,
  getShareLink,
  loadSharedEstimate,
  newShareToken,
  revokeShareLink,
} from "./share.server";

async function account(options: { appLanguage?: "en" | "es"; documentLanguage?: "en" | "es" } = {}) {
  const { user, cookie } = await signedInAccount("Casey Contractor");
  const db = await getDb();
  await getSettings(user.id);
  await db
    .update(accountSettings)
    .set({
      companyName: "Bluebonnet Electric",
      appLanguage: options.appLanguage ?? "en",
      documentLanguage: options.documentLanguage ?? "en",
    })
    .where(eq(accountSettings.accountId, user.id));
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz", email: "ana@example.com" });
  return { user, cookie, db, customer };
}

async function sharedEstimate(overrides: Parameters<typeof createEstimate>[2] = {}, options: Parameters<typeof account>[0] = {}) {
  const ctx = await account(options);
  const estimate = await createEstimate(ctx.db, ctx.user.id, {
    customerId: ctx.customer.id,
    title: "Kitchen rewire",
    validUntil: "2099-01-31",
    items: [{ description: "Panel upgrade", quantity: 100, unitPrice: 100000 }],
    ...overrides,
  });
  const shared = await getOrCreateShareLink(ctx.user.id, estimate.id);
  return { ...ctx, estimate, token: shared!.link.token };
}

const pageRequest = (token: string, cookie?: string) =>
  new Request(`http://localhost/e/${token}`, { headers: cookie ? { Cookie: cookie } : {} });

async function loadPage(token: string, cookie?: string) {
  return pageLoader({ request: pageRequest(token, cookie), params: { token }, context: {} as never });
}

async function expect404(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not Found");
    return;
  }
  throw new Error("expected a 404");
}

const respond = (token: string, fields: Record<string, string>) =>
  runRoute(pageAction, formRequest(`http://localhost/e/${token}`, fields), { params: { token } });

async function statusOf(id: string) {
  const db = await getDb();
  return db.select().from(estimates).where(eq(estimates.id, id)).get();
}

describe("share tokens", () => {
  it("carry 256 random bits, URL-safe, never the same twice", () => {
    const tokens = new Set(Array.from({ length: 2000 }, () => newShareToken()));
    expect(tokens.size).toBe(2000);
    for (const token of [...tokens].slice(0, 50)) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
  });

  it("one link per estimate: asking again, even at the same moment, returns the same token", async () => {
    const { user, db, customer } = await account();
    const estimate = await createEstimate(db, user.id, { customerId: customer.id });
    const links = await Promise.all(Array.from({ length: 5 }, () => getOrCreateShareLink(user.id, estimate.id)));
    expect(new Set(links.map((l) => l!.link.token)).size).toBe(1);
    expect(links[0]!.estimateNumber).toBe(estimate.estimateNumber);
    const rows = await db.select().from(estimateShareTokens).where(eq(estimateShareTokens.estimateId, estimate.id));
    expect(rows).toHaveLength(1);
  });

  it("another account cannot create, read or revoke a link to the estimate", async () => {
    const { user, estimate, token } = await sharedEstimate();
    const stranger = await signedInAccount("Someone Else");
    expect(await getOrCreateShareLink(stranger.user.id, estimate.id)).toBeUndefined();
    expect(await getShareLink(stranger.user.id, estimate.id)).toBeUndefined();
    expect(await revokeShareLink(stranger.user.id, estimate.id)).toBe(false);
    expect((await getShareLink(user.id, estimate.id))!.token).toBe(token);
  });

  it("revoking makes the old link 404 (page, PDF and logo); a new link is a new token", async () => {
    const { user, estimate, token } = await sharedEstimate();
    expect(await revokeShareLink(user.id, estimate.id)).toBe(true);
    expect(await findShareLink(token)).toBeUndefined();
    await expect404(loadPage(token));
    expect((await runRoute(pdfLoader, new Request(`http://localhost/e/${token}/pdf`), { params: { token } })).status).toBe(404);
    expect((await runRoute(logoLoader, new Request(`http://localhost/e/${token}/logo`), { params: { token } })).status).toBe(404);
    expect((await respond(token, { intent: "approve", signature: "Ana Ruiz" })).status).toBe(404);
    expect((await statusOf(estimate.id))!.status).toBe("pending");
    const again = await getOrCreateShareLink(user.id, estimate.id);
    expect(again!.link.token).not.toBe(token);
  });

  it("a wrong token answers 404 and says nothing of any account", async () => {
    await sharedEstimate();
    for (const token of ["", "x", newShareToken(), "../app/estimates", "A".repeat(43), "%00"]) {
      await expect404(loadPage(token));
      const pdf = await runRoute(pdfLoader, new Request("http://localhost/e/x/pdf"), { params: { token } });
      expect(pdf.status).toBe(404);
    }
  });
});

describe("the customer's page", () => {
  it("shows this estimate only, in the document language, and counts views by others than the account", async () => {
    const { user, cookie, db, customer, estimate, token } = await sharedEstimate(
      {},
      { appLanguage: "en", documentLanguage: "es" },
    );
    const sibling = await createEstimate(db, user.id, { customerId: customer.id, title: "Secret basement job" });
    const stranger = await account();
    const foreign = await createEstimate(stranger.db, stranger.user.id, {
      customerId: stranger.customer.id,
      title: "Someone else's roof",
      // Each account counts its own numbers (decision 031): its first would be EST-0001 as well,
      // so this one gets a number no estimate of this account has, to look for it on the page.
      estimateNumber: "EST-9001",
    });

    const page = await loadPage(token);
    expect(page.language).toBe("es");
    expect(page.state).toBe("pending");
    expect(page.document.number).toBe(estimate.estimateNumber);
    expect(page.document.company.name).toBe("Bluebonnet Electric");
    expect(page.document.lines.map((l) => l.description)).toEqual(["Panel upgrade"]);
    expect(page.validThrough).toBe("31 ene 2099");
    const json = JSON.stringify(page);
    for (const other of [
      sibling.title,
      sibling.estimateNumber,
      sibling.id,
      foreign.title,
      foreign.estimateNumber,
      user.id,
      user.email,
    ]) {
      expect(json).not.toContain(other);
    }

    // The contractor opening their own link does not count as a view.
    expect((await getShareLink(user.id, estimate.id))!.viewCount).toBe(1);
    await loadPage(token, cookie);
    expect((await getShareLink(user.id, estimate.id))!.viewCount).toBe(1);
    await loadPage(token);
    await loadPage(token);
    const link = (await getShareLink(user.id, estimate.id))!;
    expect(link.viewCount).toBe(3);
    expect(link.firstViewedAt).toBeInstanceOf(Date);
    expect(link.lastViewedAt!.getTime()).toBeGreaterThanOrEqual(link.firstViewedAt!.getTime());
  });

  it("serves the PDF and the company logo without a session", async () => {
    const { user, db, token, estimate } = await sharedEstimate();
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b70000000049454e44ae426082",
      "hex",
    );
    await db
      .update(accountSettings)
      .set({ logo: png, logoMimeType: "image/png", logoUpdatedAt: new Date() })
      .where(eq(accountSettings.accountId, user.id));
    const pdf = await runRoute(pdfLoader, new Request(`http://localhost/e/${token}/pdf`), { params: { token } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${estimate.estimateNumber}.pdf"`);
    expect(pdf.headers.get("set-cookie")).toBeNull();
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    const logo = await runRoute(logoLoader, new Request(`http://localhost/e/${token}/logo`), { params: { token } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
    expect((await loadPage(token)).logoUrl).toMatch(new RegExp(`^/e/${token}/logo\\?v=\\d+$`));
  });
});

describe("the customer's decision", () => {
  it("approving records the signature and message, notifies the account, and cannot be repeated", async () => {
    const { user, estimate, token } = await sharedEstimate();
    const response = await respond(token, { intent: "approve", signature: "  Ana Ruiz  ", message: "Please start Monday." });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/e/${token}`);
    expect(response.headers.get("set-cookie")).toBeNull();
    const row = (await statusOf(estimate.id))!;
    expect(row).toMatchObject({ status: "approved", customerSignature: "Ana Ruiz", customerResponse: "Please start Monday." });
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect(row.respondedAt).toBeInstanceOf(Date);

    const [notification] = await listNotifications(user.id);
    expect(notification).toMatchObject({
      type: "estimate_approved",
      title: "Estimate approved",
      message: `Ana Ruiz approved ${estimate.estimateNumber} (Kitchen rewire), signed Ana Ruiz: $1,082.50. Message: Please start Monday.`,
      read: false,
      estimateId: estimate.id,
    });

    const page = await loadPage(token);
    expect(page.state).toBe("approved");
    expect(page.decision).toMatchObject({ by: "Ana Ruiz", response: "Please start Monday." });

    const second = await runRoute(
      pageAction,
      formRequest(`http://localhost/e/${token}`, { intent: "decline", reason: "Changed my mind" }),
      { params: { token } },
    );
    const reply = second.data as { problem: string };
    expect(second.status).toBe(409);
    expect(reply.problem).toBe("share.page.alreadyDecided");
    expect(await decideSharedEstimate(token, { kind: "approve", signature: "Someone", message: null })).toEqual({
      status: "already-decided",
      current: "approved",
    });
    expect((await statusOf(estimate.id))!).toMatchObject({ status: "approved", customerSignature: "Ana Ruiz" });
    expect(await listNotifications(user.id)).toHaveLength(1);
  });

  it("approving with optional lines keeps only the ticked ones, and the totals, the PDF and the invoice follow (decision 019)", async () => {
    const { user, estimate, token } = await sharedEstimate({
      taxRate: 1000,
      items: [
        { description: "Panel upgrade", quantity: 100, unitPrice: 100000 },
        { description: "Surge protector", quantity: 100, unitPrice: 20000, optional: true },
        { description: "Labor warranty", quantity: 100, unitPrice: 5000, optional: true, taxable: false },
        { description: "EV charger", quantity: 100, unitPrice: 90000, optional: true },
      ],
    });
    // Before: the optional lines count in nothing.
    expect((await statusOf(estimate.id))!).toMatchObject({ subtotal: 100000, taxAmount: 10000, total: 110000 });
    const page = await loadPage(token);
    expect(page.choices.map((choice) => choice.index)).toEqual([1, 2, 3]);
    const [, surge, warranty, charger] = estimate.items;
    const response = await respond(token, {
      intent: "approve",
      signature: "Ana Ruiz",
      [`choose-${surge.id}`]: "on",
      [`choose-${warranty.id}`]: "on",
      // Not a line of this estimate: changes nothing.
      "choose-00000000-0000-0000-0000-000000000000": "on",
    });
    expect(response.status).toBe(302);
    // 1000 + 200 (taxed) + 50 (untaxed); tax 10% of 1200.
    expect((await statusOf(estimate.id))!).toMatchObject({
      status: "approved",
      subtotal: 125000,
      taxAmount: 12000,
      total: 137000,
    });
    const loaded = await loadSharedEstimate(token);
    expect(loaded!.estimate.items.map((item) => [item.description, item.optional])).toEqual([
      ["Panel upgrade", false],
      ["Surge protector", false],
      ["Labor warranty", false],
    ]);
    expect(loaded!.estimate.items.some((item) => item.id === charger.id)).toBe(false);
    expect(loaded!.document.total).toBe(137000);
    const [notification] = await listNotifications(user.id);
    expect(notification.message).toContain("$1,370.00");
    const made = await createInvoiceFromEstimate(user.id, estimate.id);
    expect(made.status).toBe("created");
    const invoice = made.status === "created" ? made.invoice : null;
    expect(invoice).toMatchObject({ subtotal: 125000, taxAmount: 12000, total: 137000 });
    expect(invoice!.items.map((item) => [item.description, item.taxable])).toEqual([
      ["Panel upgrade", true],
      ["Surge protector", true],
      ["Labor warranty", false],
    ]);
  });

  it("approving without ticking any optional line leaves them all out", async () => {
    const { estimate, token } = await sharedEstimate({
      items: [
        { description: "Panel upgrade", quantity: 100, unitPrice: 100000 },
        { description: "EV charger", quantity: 100, unitPrice: 90000, optional: true },
      ],
    });
    expect((await respond(token, { intent: "approve", signature: "Ana Ruiz" })).status).toBe(302);
    const loaded = await loadSharedEstimate(token);
    expect(loaded!.estimate.items.map((item) => item.description)).toEqual(["Panel upgrade"]);
    expect(loaded!.estimate).toMatchObject({ id: estimate.id, status: "approved", total: 108250 });
  });

  it("declining records the reason (and a name when given), in the account's language", async () => {
    const { user, estimate, token } = await sharedEstimate({}, { appLanguage: "es" });
    expect((await respond(token, { intent: "decline", name: "", reason: "Too expensive" })).status).toBe(302);
    const row = (await statusOf(estimate.id))!;
    expect(row).toMatchObject({
      status: "rejected",
      customerSignature: null,
      customerResponse: "Too expensive",
      approvedAt: null,
    });
    expect(row.respondedAt).toBeInstanceOf(Date);
    const [notification] = await listNotifications(user.id);
    expect(notification).toMatchObject({
      type: "estimate_rejected",
      title: "Presupuesto rechazado",
      message: `Ana Ruiz rechazó ${estimate.estimateNumber} (Kitchen rewire). Motivo: Too expensive`,
    });
    expect((await loadPage(token)).state).toBe("rejected");
  });

  it("of answers sent at the same moment, exactly one is recorded", async () => {
    const { user, estimate, token } = await sharedEstimate();
    const results = await Promise.all([
      decideSharedEstimate(token, { kind: "approve", signature: "Ana Ruiz", message: null }),
      decideSharedEstimate(token, { kind: "decline", name: "Luis Ruiz", reason: null }),
      decideSharedEstimate(token, { kind: "approve", signature: "Marta Ruiz", message: null }),
      decideSharedEstimate(token, { kind: "decline", name: null, reason: "No" }),
    ]);
    const winners = results.filter((r) => r.status === "approved" || r.status === "rejected");
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === "already-decided")).toHaveLength(3);
    expect((await statusOf(estimate.id))!.status).toBe(winners[0].status);
    expect(await listNotifications(user.id)).toHaveLength(1);
  });

  it("requires a signature to approve, and records nothing for a bot that fills the honeypot", async () => {
    const { user, estimate, token } = await sharedEstimate();
    const blank = await runRoute(pageAction, formRequest(`http://localhost/e/${token}`, { intent: "approve", signature: "  " }), {
      params: { token },
    });
    const reply = blank.data as { reply: { intent: string; result: { error: Record<string, string[]> } } };
    expect(blank.status).toBe(400);
    expect(reply.reply.result.error.signature).toEqual(["share.page.signatureRequired"]);
    const bot = await respond(token, { intent: "approve", signature: "Bot", website: "http://spam.example" });
    expect(bot.status).toBe(302);
    expect((await statusOf(estimate.id))!.status).toBe("pending");
    expect(await listNotifications(user.id)).toHaveLength(0);
  });

  it("an expired estimate shows that it expired and takes no decision", async () => {
    const cases = [
      { validUntil: "2020-01-31" },
      { status: "expired" as const, validUntil: "2099-01-31" },
      // No valid-until date: valid for the account's 30 days from the estimate date.
      { validUntil: null, createdAt: new Date(Date.now() - 40 * 86_400_000) },
    ];
    for (const overrides of cases) {
      const { user, estimate, token } = await sharedEstimate(overrides);
      const page = await loadPage(token);
      expect(page.state).toBe("expired");
      const refused = await runRoute(
        pageAction,
        formRequest(`http://localhost/e/${token}`, { intent: "approve", signature: "Ana Ruiz" }),
        { params: { token } },
      );
      const reply = refused.data as { problem: string };
      expect(refused.status).toBe(409);
      expect(reply.problem).toBe("share.page.expiredRefused");
      expect((await statusOf(estimate.id))!.status).toBe(overrides.status ?? "pending");
      expect(await listNotifications(user.id)).toHaveLength(0);
    }
    const recent = await sharedEstimate({ validUntil: null, createdAt: new Date(Date.now() - 10 * 86_400_000) });
    expect((await loadPage(recent.token)).state).toBe("pending");
  });

  it("the last valid day is still valid", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { token } = await sharedEstimate({ validUntil: today });
    const shared = await loadSharedEstimate(token);
    expect(shared!.state).toBe("pending");
    expect(await decideSharedEstimate(token, { kind: "approve", signature: "Ana Ruiz", message: null })).toMatchObject({
      status: "approved",
      notice: { title: "Estimate approved", byEmail: true },
    });
  });
});
