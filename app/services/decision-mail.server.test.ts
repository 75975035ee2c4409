// The contractor's e-mail when a customer answers an estimate on its shared page (Settings'
// "Email Notifications"), through the page's real action and a real SMTP server on loopback.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createEstimate } from "#db/factories";
import { accountSettings } from "#db/schema";
import { getEstimateWithItems } from "~/models/estimate.server";
import { getOrCreateShareLink } from "~/models/share.server";
import { getSettings } from "~/models/settings.server";
import * as sharePage from "~/routes/e.$token/route";
import { getDb } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { decisionMailSettled } from "./decision-mail.server";
import { signedInAccount } from "../../test/accounts";
import { mailText } from "../../test/mime";
import { remixHandler, type RouteModule } from "../../test/remix-handler";
import { captureMail } from "../../test/mail-capture";

const handle = remixHandler({ "routes/e.$token": { path: "e/:token", module: sharePage as unknown as RouteModule } });
const smtp = captureMail();

async function sharedEstimate(settings: Partial<typeof accountSettings.$inferInsert> = {}) {
  const { user } = await signedInAccount("Rosa Peña");
  await getSettings(user.id);
  const db = await getDb();
  if (Object.keys(settings).length) await db.update(accountSettings).set(settings).where(eq(accountSettings.accountId, user.id));
  const customer = await createCustomer(db, user.id, { name: "Ana Ruiz" });
  const estimate = await createEstimate(db, user.id, {
    customerId: customer.id,
    title: "Rewire",
    validUntil: "2099-01-31",
    taxRate: 0,
    items: [{ description: "Rewire", quantity: 100, unitPrice: 120_000 }],
  });
  const token = (await getOrCreateShareLink(user.id, estimate.id))!.link.token;
  return { user, estimate, token };
}

const answer = (token: string, fields: Record<string, string>) =>
  handle(
    new Request(`http://localhost/e/${token}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );

describe("the contractor's e-mail about a customer's answer", () => {
  it("tells the contractor of an approval, at the address they sign in with, with a link to the estimate", async () => {
    const { user, estimate, token } = await sharedEstimate();
    expect((await answer(token, { intent: "approve", signature: "Ana Ruiz" })).status).toBe(302);
    await decisionMailSettled();
    expect(smtp.received.map((mail) => mail.to)).toEqual([[user.email]]);
    const { subject, text } = mailText(smtp.received[0].raw);
    expect(subject).toBe(`Estimate approved: ${estimate.estimateNumber}`);
    expect(text).toContain(`Ana Ruiz approved ${estimate.estimateNumber} (Rewire), signed Ana Ruiz: $1,200.00`);
    expect(text).toContain(`http://localhost/app/estimates/${estimate.id}/preview`);
  });

  it("speaks the contractor's language, and says a decline with its reason", async () => {
    const { estimate, token } = await sharedEstimate({ appLanguage: "es" });
    expect((await answer(token, { intent: "decline", name: "Ana", reason: "Muy caro" })).status).toBe(302);
    await decisionMailSettled();
    const { subject, text } = mailText(smtp.received[0].raw);
    expect(subject).toBe(`Presupuesto rechazado: ${estimate.estimateNumber}`);
    expect(text).toContain("Motivo: Muy caro");
    expect(text).toContain("notificaciones por correo");
  });

  it("sends nothing when Email Notifications are off, or for an answer that was refused", async () => {
    const off = await sharedEstimate({ notifications: false });
    expect((await answer(off.token, { intent: "approve", signature: "Ana Ruiz" })).status).toBe(302);
    await decisionMailSettled();
    const on = await sharedEstimate();
    expect((await answer(on.token, { intent: "approve", signature: "x" })).status).toBe(400);
    expect((await answer(on.token, { intent: "approve", signature: "Ana Ruiz" })).status).toBe(302);
    await decisionMailSettled();
    expect((await answer(on.token, { intent: "decline", name: "Ana" })).status).toBe(409);
    await decisionMailSettled();
    expect(smtp.received.map((mail) => mail.to)).toEqual([[on.user.email]]);
  });

  it("keeps the answer when the mail server refuses the message", async () => {
    const { user, estimate, token } = await sharedEstimate();
    env().SMTP_URL = "smtp://127.0.0.1:1";
    try {
      expect((await answer(token, { intent: "approve", signature: "Ana Ruiz" })).status).toBe(302);
      await decisionMailSettled();
    } finally {
      env().SMTP_URL = smtp.url;
    }
    expect(await getEstimateWithItems(user.id, estimate.id)).toMatchObject({ status: "approved", customerSignature: "Ana Ruiz" });
    expect(smtp.received).toEqual([]);
  });
});
