import { useTranslation } from "react-i18next";
import { EmptyState, PageHeader } from "./ui/page-header";

/**
 * A section whose screen is not built yet: its real record count, the SPEC.md empty
 * state when there are none, and a plain statement otherwise. Never sample data.
 */
export function SectionPlaceholder({ title, subtitle, count, empty }: { title: string; subtitle?: string; count: number; empty: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} count={count} />
      <EmptyState>{count === 0 ? empty : t("sections.notYetListed", { count })}</EmptyState>
    </div>
  );
}
