import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jobApiSchema } from "~/lib/job-schema";
import { deleteJob, getJob, isAccountCustomer, toApiJob, updateJob } from "~/models/job.server";
import { invalidPayload, json, methodNotAllowed, notFound, readJsonObject, requireApiUser } from "~/services/api.server";
import { getAccountTimeZone } from "~/models/appointment.server";

/** GET /api/jobs/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const job = await getJob(user.id, params.id ?? "");
  return job ? json(toApiJob(job)) : notFound();
}

/**
 * PUT (the whole job, as for create) and DELETE /api/jobs/{id}; another account's id is
 * 404, as if it did not exist. Deleting keeps the job's estimates, invoices and
 * appointments, unlinked from it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    const body = await readJsonObject(request);
    if (body instanceof Response) return body;
    const parsed = await jobApiSchema(
      (customerId) => isAccountCustomer(user.id, customerId),
      await getAccountTimeZone(user.id),
    ).safeParseAsync(body);
    if (!parsed.success) return invalidPayload(parsed.error);
    const job = await updateJob(user.id, id, parsed.data);
    return job ? json(toApiJob(job)) : notFound();
  }
  if (request.method === "DELETE") {
    const job = await deleteJob(user.id, id);
    return job ? json({ message: "Job deleted" }) : notFound();
  }
  return methodNotAllowed("GET, PUT or DELETE");
}
