import type { Request, Response } from "express";
import type { AppRuntime } from "./runtime";

/** GET /healthz: 200 only when the database answers a query. */
export function healthCheck(runtime: Pick<AppRuntime, "checkDatabase">) {
  return async (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await runtime.checkDatabase();
      res.status(200).json({ status: "ok" });
    } catch (error) {
      console.error("healthz: database unreachable", error);
      res.status(503).json({ status: "error", message: "Database unavailable" });
    }
  };
}
