// "Delete account" on /app/settings/security: with the password and the box ticked, every row
// of the account goes (one record of every type), its backups and its session with it, and
// its customers' links stop working; another account keeps everything. Anything less deletes
// nothing.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { action as securityAction } from "~/routes/app.settings_.security/route";
import { loader as sharedEstimate } from "~/routes/e.$token/route";
import { DEFAULT_BACKUP_DIR } from "~/services/backup.server";
import { getConnection } from "~/infrastructure/db.server";
import { accountPrefix, fileKey, fileStore, newFileId } from "~/infrastructure/file-store.server";
import { resetSignInLimits } from "~/infrastructure/rate-limit.server";
import { getSessionUser } from "~/infrastructure/session.server";
import { readToast } from "~/infrastructure/toast.server";
import { formRequest } from "./requests";
import { runRoute } from "./route";
import { tenantAccount } from "./tenant-fixtures";

const URL = "http://localhost/app/settings/security";

afterEach(() => resetSignInLimits());

/** Rows of the account in every table that has an account column (account_id), and its users row. */
async function rowsOf(accountId: string): Promise<Record<string, number>> {
  const { client } = await getConnection();
  const tables = await client.execute(
    "select m.name from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table' and c.name = 'account_id' order by m.name",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const found = await client.execute({
      sql: `select count(*) as n from "${String(name)}" where account_id = ?`,
      args: [accountId],
    });
    counts[String(name)] = Number(found.rows[0].n);
  }
  const user = await client.execute({ sql: "select count(*) as n from users where id = ?", args: [accountId] });
  counts.users = Number(user.rows[0].n);
  return counts;
}

const post = (cookie: string, fields: Record<string, string>) =>
  runRoute(securityAction, formRequest(URL, { intent: "delete-account", ...fields }, { Cookie: cookie }));

describe("deleting the account", () => {
  it("refuses without the password or the box ticked, deleting nothing", async () => {
    const owner = await tenantAccount("keep");
    const before = await rowsOf(owner.accountId);
    const cases: [Record<string, string>, string, string][] = [
      [{ password: "", understand: "on" }, "password", "security.delete.passwordRequired"],
      [{ password: "secret1" }, "understand", "security.delete.understandRequired"],
      [{ password: "wrong-one", understand: "on" }, "password", "security.currentWrong"],
    ];
    for (const [fields, field, message] of cases) {
      const result = await post(owner.cookie, fields);
      expect(result.status, message).toBe(400);
      const body = result.data as { form: string; result: { error: Record<string, string[]> } };
      expect(body.form).toBe("delete-account");
      expect(body.result.error[field]).toEqual([message]);
    }
    expect(await rowsOf(owner.accountId)).toEqual(before);
    // The fixture holds a record of every kind but a late charge and a recurring run.
    const empty = Object.entries(before)
      .filter(([, count]) => count === 0)
      .map(([table]) => table);
    expect(empty).toEqual(["late_charges", "recurring_invoice_runs"]);
    expect(await getSessionUser(new Request(URL, { headers: { Cookie: owner.cookie } }))).not.toBeNull();
  });

  it("deletes every row of the account, its backups and its session; another account keeps everything", async () => {
    const leaving = await tenantAccount("leaving");
    const staying = await tenantAccount("staying");
    const stayingBefore = await rowsOf(staying.accountId);
    const backups = path.join(DEFAULT_BACKUP_DIR, leaving.accountId);
    mkdirSync(backups, { recursive: true });
    writeFileSync(path.join(backups, "2026-11-26.json"), "{}");

    // Its photos' copies are in the file store, with something a crash left under its prefix.
    const store = fileStore();
    for (const id of [leaving.ids.file, leaving.invoiceFileId])
      expect(await store.get(fileKey(leaving.accountId, id, "display"))).not.toBeNull();
    const leftover = fileKey(leaving.accountId, newFileId(), "original");
    await store.put(leftover, Buffer.from("half an upload"), "image/jpeg");

    const result = await post(leaving.cookie, { password: "secret1", understand: "on" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/");
    const toast = await readToast(
      new Request("http://localhost/", { headers: { Cookie: result.headers.getSetCookie().join("; ") } }),
    );
    expect(toast.toast).toMatchObject({ title: "security.delete.done" });

    const left = await rowsOf(leaving.accountId);
    expect(Object.entries(left).filter(([, count]) => count > 0)).toEqual([]);
    expect(existsSync(backups)).toBe(false);
    // Every stored copy is gone already, the leftover too, without waiting for the purge sweep.
    for (const id of [leaving.ids.file, leaving.invoiceFileId])
      for (const variant of ["original", "full", "display", "thumbnail"] as const)
        expect(await store.get(fileKey(leaving.accountId, id, variant)), variant).toBeNull();
    expect(await store.get(leftover)).toBeNull();
    expect(await store.deletePrefix(accountPrefix(leaving.accountId))).toBe(0);
    // The other account's photos are untouched.
    expect(await store.get(fileKey(staying.accountId, staying.ids.file, "display"))).not.toBeNull();
    expect(await getSessionUser(new Request(URL, { headers: { Cookie: leaving.cookie } }))).toBeNull();
    // The customer's link to the estimate is gone with it.
    const shared = await runRoute(sharedEstimate, `/e/${leaving.token}`, { params: { token: leaving.token } });
    expect(shared.status).toBe(404);

    expect(await rowsOf(staying.accountId)).toEqual(stayingBefore);
    expect(await getSessionUser(new Request(URL, { headers: { Cookie: staying.cookie } }))).not.toBeNull();
  });
});
