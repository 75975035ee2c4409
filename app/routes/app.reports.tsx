import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/lib/meta";
import { requireUser } from "~/services/session.server";

export const meta = titleMeta("sections.reports.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t("sections.reports.title")} />
      <EmptyState>{t("sections.reports.empty")}</EmptyState>
    </div>
  );
}
