import {
  data,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  MaxPartSizeExceededError,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ToastView } from "~/components/ui/toast";
import { importCustomersCsv, type ImportReport } from "~/models/customer.server";
import { requireUser } from "~/services/session.server";

const MAX_FILE_BYTES = 2 * 1024 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

const failure = (error: string) => data({ report: { imported: [], rejected: [], error } as ImportReport }, { status: 400 });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_FILE_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return failure("customers.import.tooLarge");
    return failure("customers.import.noFile");
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) return failure("customers.import.noFile");
  const report = await importCustomersCsv(user.id, new Uint8Array(await file.arrayBuffer()));
  return data({ report }, { status: report.error ? 400 : 200 });
}

export default function ImportCustomers() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const closeTo = `/app/customers${useLocation().search}`;
  const report = actionData?.report;
  const pending = navigation.state === "submitting";
  return (
    <RouteDialog title={t("customers.import.title")} closeTo={closeTo} size="lg">
      {report && !report.error ? (
        <div data-testid="import-report">
          <p role="status" className="font-medium">
            {t("customers.import.summary", { imported: report.imported.length, rejected: report.rejected.length })}
          </p>
          {report.rejected.length > 0 ? (
            <section className="mt-4">
              <h3 className="text-sm font-semibold text-red-700 dark:text-red-300">{t("customers.import.rejectedList")}</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {report.rejected.map((row) => (
                  <li key={row.line}>
                    <span className="font-medium">{t("customers.import.line", { line: row.line })}</span>
                    {row.name ? ` (${row.name})` : ""}: {row.reasons.map((reason) => t(reason)).join("; ")}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {report.imported.length > 0 ? (
            <section className="mt-4">
              <h3 className="text-sm font-semibold text-green-700 dark:text-green-300">{t("customers.import.importedList")}</h3>
              <ul className="mt-1 max-h-48 space-y-0.5 overflow-y-auto text-sm">
                {report.imported.map((row) => (
                  <li key={row.line}>
                    {t("customers.import.line", { line: row.line })}: {row.name}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="mt-6 flex justify-end">
            <Link to={closeTo} className={buttonClass("primary")}>
              {t("customers.import.back")}
            </Link>
          </div>
          {report.imported.length > 0 ? (
            <ToastView
              key={report.imported.length}
              toast={{
                type: "success",
                title: "customers.import.done",
                description: "customers.import.summary",
                values: { imported: String(report.imported.length), rejected: String(report.rejected.length) },
              }}
            />
          ) : null}
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("customers.import.help")}</p>
          <label className="block">
            <span className="block text-sm font-medium">{t("customers.import.file")}</span>
            <input
              type="file"
              name="file"
              accept=".csv,.txt,text/csv,text/plain"
              required
              className={`mt-1 ${inputClass}`}
              aria-describedby={report?.error ? "import-error" : undefined}
            />
          </label>
          {report?.error ? (
            <p id="import-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t(report.error)}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Link to={closeTo} className={buttonClass("secondary")}>
              {t("list.cancel")}
            </Link>
            <Button disabled={pending}>{pending ? t("customers.import.submitting") : t("customers.import.submit")}</Button>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
