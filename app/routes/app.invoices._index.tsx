import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionPlaceholder } from "~/components/section-placeholder";
import { titleMeta } from "~/lib/meta";
import { getRecordCounts } from "~/models/overview.server";
import { requireUser } from "~/services/session.server";

export const meta = titleMeta("nav.invoices");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const counts = await getRecordCounts(user.id);
  return { count: counts.invoices };
}

export default function InvoicesPage() {
  const { t } = useTranslation();
  const { count } = useLoaderData<typeof loader>();
  return <SectionPlaceholder title={t("nav.invoices")} count={count} empty={t("sections.invoices.empty")} />;
}
