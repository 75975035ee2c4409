import { useTranslation } from "react-i18next";

/**
 * The link to a payment's PDF receipt on the customer's pages (the hub, the shared invoice): a
 * plain anchor that works without JavaScript, at least 44 px tall to tap on a phone. `label`
 * names the payment for a screen reader, starting with the visible words.
 */
export function ReceiptLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      download
      aria-label={label}
      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-600 hover:underline dark:text-brand-500"
      data-testid="receipt-link"
    >
      {t("hub.receiptLink")}
    </a>
  );
}
