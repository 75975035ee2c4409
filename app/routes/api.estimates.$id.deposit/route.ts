import { depositAskSchema } from "~/lib/deposit";
import { depositSummary, setDepositAsk, toApiDepositSummary } from "~/models/deposit.server";
import { getAccountTimeZone } from "~/models/settings.server";
import { apiError, apiRoute, invalidPayload, json, notFound, readJsonObject } from "~/services/api.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "money" satisfies RouteAccess;

async function answer(accountId: string, estimateId: string) {
  const summary = await depositSummary(accountId, estimateId);
  return summary ? json(toApiDepositSummary(summary, await getAccountTimeZone(accountId))) : notFound();
}

const route = apiRoute(access, {
  /** GET /api/estimates/{id}/deposit: the deposit asked, received and still due, and the deposits received. */
  GET: async ({ user, id }) => answer(user.accountId, id),
  /**
   * PUT /api/estimates/{id}/deposit with `{ depositType: "none" | "percent" | "amount", depositValue }`:
   * a percent ("25", above 0, at most 100) or an amount ("500.00", not above the estimate's total),
   * at most two decimals. Another account's id is 404; a refusal writes nothing.
   */
  PUT: async ({ user, id, request }) => {
    const summary = await depositSummary(user.accountId, id);
    if (!summary) return notFound();
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const unknown = Object.keys(body).filter((key) => key !== "depositType" && key !== "depositValue");
    if (unknown.length) return apiError(400, `Unrecognized field(s): ${unknown.join(", ")}`);
    const parsed = depositAskSchema(summary.total).safeParse(body);
    if (!parsed.success) return invalidPayload(parsed.error);
    await setDepositAsk(user.accountId, id, parsed.data);
    return answer(user.accountId, id);
  },
});
export const loader = route.loader;
export const action = route.action;
