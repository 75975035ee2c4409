import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { JOB_SORTS, jobApiSchema } from "~/lib/job-schema";
import { readJobStatusFilter } from "~/lib/job-status";
import { readListParams } from "~/lib/list-params";
import { createJob, isAccountCustomer, listJobs, toApiJob } from "~/models/job.server";
import {
  invalidPayload,
  json,
  methodNotAllowed,
  readJsonObject,
  requireApiUser,
  jsonPage,
  readApiPage,
} from "~/services/api.server";
import { getAccountTimeZone } from "~/models/appointment.server";

/**
 * GET /api/jobs: the account's jobs, newest first, each with its customer { name, phone }.
 * ?q= searches title, customer name and location; ?status= filters (in-progress reads
 * as in_progress); ?sort=, ?page= and ?pageSize= (default 50, at most 1000) page it;
 * X-Total-Count has the total and Link the next and previous pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const params = readListParams(url, JOB_SORTS, "newest");
  const { pageSize } = readApiPage(url);
  const list = await listJobs(user.id, { ...params, status: readJobStatusFilter(url.searchParams.get("status")), pageSize });
  return jsonPage(list.items.map(toApiJob), { total: list.total, page: params.page, pageSize, url });
}

/** POST /api/jobs: customerId and title are required; a customer of another account reads as none chosen. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET or POST");
  const user = await requireApiUser(request);
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const parsed = await jobApiSchema(
    (customerId) => isAccountCustomer(user.id, customerId),
    await getAccountTimeZone(user.id),
  ).safeParseAsync(body);
  if (!parsed.success) return invalidPayload(parsed.error);
  return json(toApiJob(await createJob(user.id, parsed.data)), { status: 201 });
}
