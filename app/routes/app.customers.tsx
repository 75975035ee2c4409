import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { cardClass, ListSearch, Pagination, tableClass, tdClass, thClass, useListLoading } from "~/components/ui/list";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { readListParams } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { CUSTOMER_SORTS, type CustomerSort } from "~/lib/customer-schema";
import { countCustomers, listCustomers } from "~/models/customer.server";
import { requireUser } from "~/services/session.server";

export const meta = titleMeta("customers.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = readListParams(new URL(request.url), CUSTOMER_SORTS, "name");
  // Without a search the page's total is the account's: it is counted once (docs/decisions/009).
  const [list, accountTotal] = await Promise.all([
    listCustomers(user.id, params),
    params.q ? countCustomers(user.id) : undefined,
  ]);
  return { ...list, params, accountTotal: accountTotal ?? list.total };
}

const SORT_LABELS: Record<CustomerSort, string> = {
  name: "customers.sortName",
  "-name": "customers.sortNameDesc",
  newest: "customers.sortNewest",
  oldest: "customers.sortOldest",
};

function location(customer: { address: string | null; city: string | null; state: string | null; zipCode: string | null }) {
  const cityLine = [customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [customer.address, cityLine].filter(Boolean);
}

export default function CustomersPage() {
  const { t } = useTranslation();
  const { items, total, page, pageSize, params, accountTotal } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const loading = useListLoading();
  const link = "text-brand-600 hover:underline dark:text-brand-500";
  return (
    <div>
      <PageHeader
        title={t("customers.title")}
        count={accountTotal}
        actions={
          <>
            <a href="/app/customers/export.csv" className={buttonClass("secondary")} download>
              {t("customers.exportCsv")}
            </a>
            <Link to={`import${search}`} className={buttonClass("secondary")} preventScrollReset>
              {t("customers.importCsv")}
            </Link>
            <Link to={`new${search}`} className={buttonClass("primary")} preventScrollReset>
              + {t("customers.add")}
            </Link>
          </>
        }
      />
      {accountTotal === 0 ? (
        <EmptyState>{t("sections.customers.empty")}</EmptyState>
      ) : (
        <>
          <ListSearch q={params.q} label={t("customers.searchLabel")} placeholder={t("customers.searchPlaceholder")}>
            <label>
              <span className="sr-only">{t("list.sortBy")}</span>
              <select
                name="sort"
                defaultValue={params.sort}
                key={params.sort}
                className={inputClass}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                {CUSTOMER_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </label>
          </ListSearch>
          {items.length === 0 ? (
            <EmptyState>{t("list.noMatches", { things: t("customers.things") })}</EmptyState>
          ) : (
            <div className={`${cardClass} ${loading ? "opacity-60" : ""}`}>
              <table className={tableClass} data-testid="customers-table">
                <thead className="bg-slate-50 dark:bg-slate-800/50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t("customers.name")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("customers.contact")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("customers.location")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("customers.notes")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("list.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {items.map((customer) => (
                    <tr key={customer.id}>
                      <td className={`${tdClass} font-medium`}>{customer.name}</td>
                      <td className={tdClass}>
                        <div className="space-y-0.5">
                          {customer.email ? (
                            <a
                              href={`mailto:${customer.email}`}
                              className={`${link} block break-all`}
                              aria-label={t("customers.emailAction", { name: customer.name })}
                            >
                              {customer.email}
                            </a>
                          ) : null}
                          {customer.phone ? (
                            <div className="flex flex-wrap gap-x-3">
                              <a
                                href={`tel:${customer.phone}`}
                                className={link}
                                aria-label={t("customers.callAction", { name: customer.name })}
                              >
                                {customer.phone}
                              </a>
                              <a
                                href={`sms:${customer.phone}`}
                                className={`${link} text-xs`}
                                aria-label={t("customers.textAction", { name: customer.name })}
                              >
                                SMS
                              </a>
                            </div>
                          ) : null}
                        </div>
                      </td>
                      <td className={`${tdClass} text-slate-600 dark:text-slate-400`}>
                        {location(customer).map((line) => (
                          <div key={line}>{line}</div>
                        ))}
                      </td>
                      <td className={`${tdClass} max-w-xs text-slate-600 dark:text-slate-400`}>
                        <p className="line-clamp-2">{customer.notes}</p>
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-right`}>
                        <Link
                          to={`${customer.id}/edit${search}`}
                          className="rounded px-2 py-1 text-brand-600 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-slate-800"
                          preventScrollReset
                          aria-label={`${t("list.edit")} ${customer.name}`}
                        >
                          {t("list.edit")}
                        </Link>
                        <Link
                          to={`${customer.id}/delete${search}`}
                          className="rounded px-2 py-1 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
                          preventScrollReset
                          aria-label={`${t("list.delete")} ${customer.name}`}
                        >
                          {t("list.delete")}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={page} total={total} pageSize={pageSize} />
        </>
      )}
      <Outlet />
    </div>
  );
}
