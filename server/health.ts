import { sql } from "drizzle-orm";
import type { Request, Response } from "express";
import { getDb } from "~/infrastructure/db.server";

/** GET /healthz: 200 only when the database answers a query. */
export async function healthCheck(_req: Request, res: Response) {
  res.setHeader("Cache-Control", "no-store");
  try {
    const db = await getDb();
    await db.run(sql`select 1`);
    res.status(200).json({ status: "ok" });
  } catch (error) {
    console.error("healthz: database unreachable", error);
    res.status(503).json({ status: "error", message: "Database unavailable" });
  }
}
