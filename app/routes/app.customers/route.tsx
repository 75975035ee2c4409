import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "~/locales/keys";
import { ListPage, type Column } from "~/components/list-page";
import { loadListPage } from "~/lib/list-params";
import { titleMeta } from "~/services/meta";
import { CUSTOMER_SORTS, type CustomerSort } from "~/lib/customer-schema";
import { countCustomers, listCustomers } from "~/models/customer.server";
import { requireUser } from "~/infrastructure/session.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "customers" satisfies RouteAccess;

export const meta = titleMeta("customers.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  return loadListPage(
    new URL(request.url),
    { sorts: CUSTOMER_SORTS, defaultSort: "name" },
    { list: (params) => listCustomers(user.accountId, params), count: () => countCustomers(user.accountId) },
  );
}

const SORT_LABELS: Record<CustomerSort, TranslationKey> = {
  name: "customers.sortName",
  "-name": "customers.sortNameDesc",
  newest: "customers.sortNewest",
  oldest: "customers.sortOldest",
};

function location(customer: { address: string | null; city: string | null; state: string | null; zipCode: string | null }) {
  const cityLine = [customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [customer.address, cityLine].filter(Boolean);
}

const link = "text-brand-600 hover:underline dark:text-brand-500";

export default function CustomersPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const columns: Column<(typeof data.items)[number]>[] = [
    {
      key: "name",
      header: t("customers.name"),
      card: "title",
      // The row's link: the customer opens in its edit dialog.
      cell: (customer) => (
        <a href={`/app/customers/${customer.id}/edit${search}`} className="open">
          {customer.name}
        </a>
      ),
    },
    {
      key: "contact",
      header: t("customers.contact"),
      card: "sub",
      cell: (customer) => (
        <div className="space-y-0.5">
          {customer.email ? (
            <a
              href={`mailto:${customer.email}`}
              className={`${link} block break-all`}
              aria-label={`${customer.email}, ${t("customers.emailAction", { name: customer.name })}`}
            >
              {customer.email}
            </a>
          ) : null}
          {customer.phone ? (
            <div className="flex flex-wrap gap-x-3">
              <a
                href={`tel:${customer.phone}`}
                className={link}
                aria-label={`${customer.phone}, ${t("customers.callAction", { name: customer.name })}`}
              >
                {customer.phone}
              </a>
              <a
                href={`sms:${customer.phone}`}
                className={`${link} text-xs`}
                aria-label={`SMS, ${t("customers.textAction", { name: customer.name })}`}
              >
                SMS
              </a>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: "location",
      header: t("customers.location"),
      card: "sub",
      className: "mut",
      cell: (customer) => location(customer).map((line) => <div key={line}>{line}</div>),
    },
    {
      key: "notes",
      header: t("customers.notes"),
      card: "sub",
      className: "max-w-xs mut",
      cell: (customer) => <p className="line-clamp-2">{customer.notes}</p>,
    },
  ];
  return (
    <ListPage
      name="customers"
      data={data}
      sort={{ value: data.params.sort, options: CUSTOMER_SORTS, labelKey: (sort) => SORT_LABELS[sort] }}
      canAdd
      csv="/app/customers/export.csv"
      columns={columns}
      rowLabel={(customer) => customer.name}
      actions={(customer) => [
        { dialog: `${customer.id}/edit`, label: t("list.edit"), ariaLabel: `${t("list.edit")} ${customer.name}` },
        {
          dialog: `${customer.id}/delete`,
          label: t("list.delete"),
          ariaLabel: `${t("list.delete")} ${customer.name}`,
          tone: "danger",
        },
      ]}
    />
  );
}
