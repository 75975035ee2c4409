import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function ErrorPage({
  status,
  title,
  body,
  home = "/",
  landmark = true,
}: {
  status: number;
  title: string;
  body: string;
  home?: string;
  /** False inside the app shell, whose own <main> holds it. */
  landmark?: boolean;
}) {
  const { t } = useTranslation();
  const Root = landmark ? "main" : "div";
  return (
    <Root className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-5xl font-bold text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{body}</p>
      <Link
        to={home}
        className="mt-8 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        {home === "/app" ? t("common.goToDashboard") : t("common.backHome")}
      </Link>
    </Root>
  );
}
