import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/list-page";
import { loadListPage } from "~/lib/list-params";
import { formatMoment } from "~/lib/share-link";
import { readWorkRequestFilter, WORK_REQUEST_STATUSES, type WorkRequestStatus } from "~/lib/work-request-schema";
import { getSettings } from "~/models/settings.server";
import { countWorkRequests, getRequestPage, listWorkRequests } from "~/models/work-request.server";
import { titleMeta } from "~/services/meta";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

export const meta = titleMeta("requests.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const [list, page, settings] = await Promise.all([
    loadListPage(
      new URL(request.url),
      { sorts: ["newest"], defaultSort: "newest", filters: { status: readWorkRequestFilter } },
      {
        list: ({ q, page, status }) => listWorkRequests(user.accountId, { q, page, status }),
        count: () => countWorkRequests(user.accountId),
      },
    ),
    getRequestPage(user.accountId),
    getSettings(user.accountId),
  ]);
  return {
    ...list,
    items: list.items.map((item) => ({
      id: item.id,
      name: item.name,
      contact: [item.phone, item.email].filter(Boolean).join(" · "),
      asked: item.description ?? "",
      status: item.status,
      received: formatMoment(item.createdAt, settings.appLanguage, settings.timeZone),
    })),
    requestPage: page ? { slug: page.slug, enabled: page.enabled } : null,
  };
}

const STATUS_CLASSES: Record<WorkRequestStatus, string> = {
  new: "bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-300",
  converted: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  archived: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

export default function RequestsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const columns: Column<(typeof data.items)[number]>[] = [
    {
      key: "name",
      header: t("requests.request"),
      card: "title",
      className: "max-w-xs",
      cell: (item) => (
        <>
          <p className="font-medium">{item.name}</p>
          <p className="line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{item.asked}</p>
        </>
      ),
    },
    { key: "contact", header: t("requests.contact"), card: "sub", cell: (item) => item.contact },
    { key: "received", header: t("requests.received"), className: "nw", cell: (item) => item.received },
    {
      key: "status",
      header: t("requests.status"),
      card: "badge",
      cell: (item) => (
        <span
          data-testid="request-status"
          className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[item.status]}`}
        >
          {t(`requests.statuses.${item.status}`)}
        </span>
      ),
    },
  ];
  const page = data.requestPage;
  return (
    <ListPage
      name="requests"
      data={data}
      status={{
        value: data.params.status,
        options: ["all", ...WORK_REQUEST_STATUSES],
        labelKey: (status) => `requests.statuses.${status}`,
      }}
      columns={columns}
      rowTestId="request-row"
      rowLabel={(item) => item.name}
      actions={(item) => [
        { dialog: item.id, label: t("requests.open"), ariaLabel: t("requests.openAction", { name: item.name }) },
      ]}
      headerActions={
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="request-page-link">
          {page?.enabled ? (
            <>
              {t("requests.yourPage")}{" "}
              <a className="font-medium text-brand-600 underline dark:text-brand-500" href={`/request/${page.slug}`}>
                /request/{page.slug}
              </a>{" "}
            </>
          ) : page ? (
            <>{t("requests.pageOff")} </>
          ) : null}
          <Link className="font-medium text-brand-600 underline dark:text-brand-500" to="/app/settings/requests">
            {page ? t("requests.pageSettings") : t("requests.setUpPage")}
          </Link>
        </p>
      }
    />
  );
}
