import { describe, expect, it } from "vitest";
import { env } from "~/infrastructure/env.server";
import { signedInAccount } from "../../test/accounts";
import { listNotifications } from "./notification.server";
import { recordSalesRequest } from "./sales-request.server";

describe("recordSalesRequest", () => {
  it("notifies the inbox account of a new inquiry, and nobody when none is configured", async () => {
    const inbox = await signedInAccount("Inbox Owner");
    const bystander = await signedInAccount("Someone Else");
    const config = env();
    config.INQUIRY_ACCOUNT_EMAIL = undefined;
    await recordSalesRequest({ kind: "demo", name: "Nobody Told", email: "a@example.com" });
    expect(await listNotifications(inbox.user.id)).toHaveLength(0);

    config.INQUIRY_ACCOUNT_EMAIL = inbox.user.email;
    try {
      await recordSalesRequest({ kind: "sales", name: "Rita Moreno", email: "rita@example.com", company: "Moreno HVAC" });
    } finally {
      config.INQUIRY_ACCOUNT_EMAIL = undefined;
    }
    const [notification] = await listNotifications(inbox.user.id);
    expect(notification).toMatchObject({
      type: "new_inquiry",
      title: "New sales inquiry",
      message: "Rita Moreno (Moreno HVAC) <rita@example.com>",
      read: false,
    });
    expect(await listNotifications(bystander.user.id)).toHaveLength(0);
  });
});
