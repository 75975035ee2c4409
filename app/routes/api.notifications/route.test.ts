import { describe, expect, it } from "vitest";
import { action as listAction, loader as listLoader } from "~/routes/api.notifications/route";
import { action as deleteAction } from "~/routes/api.notifications.$id/route";
import { action as readAction } from "~/routes/api.notifications.$id.read/route";
import { action as readAllAction } from "~/routes/api.notifications.read-all/route";
import { countUnread, createNotification, listNotifications } from "~/models/notification.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const BASE = "http://localhost/api/notifications";

async function withNotifications() {
  const account = await signedInAccount();
  const approved = await createNotification(account.user.id, {
    type: "estimate_approved",
    title: "Estimate approved",
    message: "Ana approved EST-1",
  });
  const paid = await createNotification(account.user.id, {
    type: "payment_received",
    title: "Payment received",
    message: "INV-2 was paid",
  });
  return { ...account, approved, paid };
}

describe("/api/notifications", () => {
  it("lists the account's notifications with the SPEC shape", async () => {
    const { cookie } = await withNotifications();
    const response = await runRoute(listLoader, apiRequest(BASE, "GET", cookie));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toHaveLength(2);
    expect(Object.keys(body[0]).sort()).toEqual(["id", "message", "read", "timestamp", "title", "type"]);
    expect(body.map((n: { type: string }) => n.type).sort()).toEqual(["estimate_approved", "payment_received"]);
    expect((await runRoute(listAction, apiRequest(BASE, "POST", cookie, {}))).status).toBe(405);
  });

  it("marks one read, all read, and deletes one", async () => {
    const { user, cookie, approved, paid } = await withNotifications();
    expect(
      (await runRoute(readAction, apiRequest(`${BASE}/${approved.id}/read`, "POST", cookie), { params: { id: approved.id } }))
        .status,
    ).toBe(200);
    expect(await countUnread(user.id)).toBe(1);
    const all = await runRoute(readAllAction, apiRequest(`${BASE}/read-all`, "POST", cookie));
    expect(await all.json()).toEqual({ message: "All notifications marked as read", updated: 1 });
    expect(await countUnread(user.id)).toBe(0);
    expect(
      (await runRoute(deleteAction, apiRequest(`${BASE}/${paid.id}`, "DELETE", cookie), { params: { id: paid.id } })).status,
    ).toBe(200);
    expect((await listNotifications(user.id)).map((n) => n.id)).toEqual([approved.id]);
  });

  it("answers 401 without a session and 404 for another account's notification, changing nothing", async () => {
    const owner = await withNotifications();
    const other = await signedInAccount();
    expect((await runRoute(listLoader, apiRequest(BASE, "GET", null))).status).toBe(401);
    expect((await runRoute(readAllAction, apiRequest(`${BASE}/read-all`, "POST", null))).status).toBe(401);
    const id = owner.approved.id;
    expect((await runRoute(readAction, apiRequest(`${BASE}/${id}/read`, "POST", other.cookie), { params: { id } })).status).toBe(
      404,
    );
    expect((await runRoute(deleteAction, apiRequest(`${BASE}/${id}`, "DELETE", other.cookie), { params: { id } })).status).toBe(
      404,
    );
    await runRoute(readAllAction, apiRequest(`${BASE}/read-all`, "POST", other.cookie));
    expect(await countUnread(owner.user.id)).toBe(2);
    expect(await listNotifications(owner.user.id)).toHaveLength(2);
    expect(await (await runRoute(listLoader, apiRequest(BASE, "GET", other.cookie))).json()).toEqual([]);
  });
});
