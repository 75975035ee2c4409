import { parseForm } from "~/lib/form-parse";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JobEditor } from "~/components/job-editor";
import { buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { jobsListUrl } from "~/lib/job-links";
import { jobSchema } from "~/lib/job-schema";
import { customerOptions } from "~/models/customer.server";
import { createJob, isAccountCustomer } from "~/models/job.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { getAccountTimeZone } from "~/models/appointment.server";
import { readForm } from "~/services/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const wanted = new URL(request.url).searchParams.get("customerId");
  const customers = await customerOptions(user.id, wanted);
  // Only a customer of this account is preselected; anything else is ignored.
  const customerId = wanted && customers.some((customer) => customer.id === wanted) ? wanted : null;
  return { customers, customerId };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const schema = jobSchema((customerId) => isAccountCustomer(user.id, customerId), await getAccountTimeZone(user.id));
  const submission = await parseForm(await readForm(request), { schema, async: true });
  if (submission.status !== "success") return data({ result: submission.reply(), failed: false }, { status: 400 });
  try {
    const job = await createJob(user.id, submission.value);
    return redirectWithToast(jobsListUrl(new URL(request.url).search), {
      title: "jobs.created",
      description: "jobs.createdBody",
      values: { title: job.title },
    });
  } catch (error) {
    console.error("Creating a job failed", error);
    return data({ result: submission.reply(), failed: true }, { status: 500 });
  }
}

export default function NewJob() {
  const { t } = useTranslation();
  const { customers, customerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeTo = jobsListUrl(useLocation().search);
  const errors = Object.values(actionData?.result.error ?? {})
    .flat()
    .filter((message): message is string => Boolean(message));
  return (
    <RouteDialog title={t("jobs.newTitle")} closeTo={closeTo} size="lg">
      {customers.length === 0 ? (
        <div>
          <p>{t("jobs.noCustomers")}</p>
          <div className="mt-6 flex justify-end gap-2">
            <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
              {t("list.cancel")}
            </Link>
            <Link to="/app/customers/new" className={buttonClass("primary")}>
              {t("jobs.addCustomer")}
            </Link>
          </div>
        </div>
      ) : (
        <JobEditor customers={customers} customerId={customerId} lastResult={actionData?.result} cancelTo={closeTo} />
      )}
      {actionData ? (
        // SPEC.md section 8: the joined messages of the errors, else the generic failure.
        <ToastView
          key={JSON.stringify(actionData)}
          toast={
            !actionData.failed && errors.length > 0
              ? {
                  type: "error",
                  title: "toast.errorTitle",
                  description: "jobs.createFailedWith",
                  values: { messages: [...new Set(errors.map((e) => t(e)))].join(". ") },
                }
              : { type: "error", title: "toast.errorTitle", description: "jobs.createFailed" }
          }
        />
      ) : null}
    </RouteDialog>
  );
}
