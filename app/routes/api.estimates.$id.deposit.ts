import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { depositAskSchema } from "~/lib/deposit";
import { depositSummary, setDepositAsk, toApiDepositSummary } from "~/models/deposit.server";
import { getAccountTimeZone } from "~/models/settings.server";
import {
  apiError,
  invalidPayload,
  json,
  methodNotAllowed,
  notFound,
  readJsonObject,
  requireApiUser,
} from "~/services/api.server";

async function answer(userId: string, estimateId: string) {
  const summary = await depositSummary(userId, estimateId);
  return summary ? json(toApiDepositSummary(summary, await getAccountTimeZone(userId))) : notFound();
}

/** GET /api/estimates/{id}/deposit: the deposit asked, received and still due, and the deposits received. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return answer(user.id, params.id ?? "");
}

/**
 * PUT /api/estimates/{id}/deposit with `{ depositType: "none" | "percent" | "amount", depositValue }`:
 * a percent ("25", above 0, at most 100) or an amount ("500.00", not above the estimate's total),
 * at most two decimals. Another account's id is 404; a refusal writes nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET or PUT");
  const user = await requireApiUser(request);
  const summary = await depositSummary(user.id, params.id ?? "");
  if (!summary) return notFound();
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const unknown = Object.keys(body).filter((key) => key !== "depositType" && key !== "depositValue");
  if (unknown.length) return apiError(400, `Unrecognized field(s): ${unknown.join(", ")}`);
  const parsed = depositAskSchema(summary.total).safeParse(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  await setDepositAsk(user.id, params.id ?? "", parsed.data);
  return answer(user.id, params.id ?? "");
}
