import { parseForm } from "~/lib/form-parse";
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { version } from "../../../package.json";
import { SettingsForm, SettingsSection } from "~/components/settings-form";
import { LogoControls, LogoForm } from "~/components/settings-logo";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { checkLogo, MAX_LOGO_BYTES } from "~/lib/image-type";
import { formatListDate } from "~/lib/job-dates";
import { titleMeta } from "~/services/meta";
import { rateToPercent } from "~/lib/money";
import { settingsSchemaFor } from "~/lib/settings-schema";
import { getSettingsWithoutLogo, NextNumberBelowCurrent, removeLogo, setLogo, updateSettings } from "~/models/settings.server";
import { appOriginOrRecord, configuredAppUrl, storedAppOrigin } from "~/models/app-origin.server";
import { ensureRequestPage } from "~/models/work-request.server";
import { fileUsage } from "~/models/file.server";
import { formatBytes } from "~/lib/file-size";
import { useLocale } from "~/components/use-locale";
import { languageCookie } from "~/infrastructure/i18n.server";
import { themeCookie } from "~/infrastructure/preferences.server";
import { requireUser } from "~/infrastructure/session.server";
import { redirectWithToast } from "~/infrastructure/toast.server";
import { accountZone, dayKey, timeZoneOptions, now as clockNow } from "~/lib/clock";
import { readForm } from "~/infrastructure/form.server";
import { formatReminderSteps } from "~/lib/reminders";
import { termsFor } from "~/lib/default-terms";
import { percentText } from "~/lib/deposit";
import { can, type RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "settings" satisfies RouteAccess;

export const meta = titleMeta("settings.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, access);
  const settings = await getSettingsWithoutLogo(user.accountId);
  const timeZones = timeZoneOptions();
  const offered = accountZone(settings.timeZone);
  // Where the links of mail sent on its own point (reminders, follow-ups, recurring invoices):
  // APP_URL, else the account's kept address (a page view writes nothing: saving does).
  const configured = configuredAppUrl();
  const linkOrigin = configured ?? (await storedAppOrigin(user.accountId));
  return {
    files: await fileUsage(user.accountId),
    canManageTeam: can(user.role, "team"),
    canExport: can(user.role, "account"),
    defaults: {
      appLanguage: settings.appLanguage,
      documentLanguage: settings.documentLanguage,
      companyName: settings.companyName,
      phone: settings.phone,
      address: settings.address,
      email: settings.email,
      website: settings.website,
      defaultTaxRate: rateToPercent(settings.defaultTaxRate),
      currency: settings.currency,
      estimateValidDays: String(settings.estimateValidDays),
      estimateFollowUpDays: String(settings.estimateFollowUpDays),
      remindersEnabled: settings.remindersEnabled,
      reminderSteps: formatReminderSteps(settings.reminderSteps.split(",").map(Number)),
      reminderLateChargeSteps: settings.reminderLateChargeSteps
        ? formatReminderSteps(settings.reminderLateChargeSteps.split(",").map(Number))
        : "",
      defaultDepositPercent: percentText(settings.defaultDepositPercent),
      lateChargeRate: percentText(settings.lateChargeRate),
      // A default shows in the document language (what documents print) until it is edited.
      invoiceTerms: termsFor("invoice", settings.invoiceTerms, settings.documentLanguage),
      estimateTerms: termsFor("estimate", settings.estimateTerms, settings.documentLanguage),
      paymentInstructions: settings.paymentInstructions,
      notifications: settings.notifications,
      autoBackup: settings.autoBackup,
      darkMode: settings.darkMode,
      timeZone: offered,
      estimatePrefix: settings.estimatePrefix,
      estimateNextNumber: String(settings.estimateNextNumber),
      invoicePrefix: settings.invoicePrefix,
      invoiceNextNumber: String(settings.invoiceNextNumber),
    },
    zoneChosen: settings.timeZone !== null,
    timeZones: timeZones.includes(offered) ? timeZones : [offered, ...timeZones],
    logoUrl: settings.logoUpdatedAt ? `/app/logo?v=${settings.logoUpdatedAt.getTime()}` : null,
    app: {
      version,
      build: process.env.NODE_ENV === "production" ? "production" : "development",
      today: dayKey(clockNow(), settings.timeZone),
      links: { origin: linkOrigin, from: configured ? ("appUrl" as const) : ("signIn" as const) },
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, access);
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    return logoAction(request, user.accountId);

  // The next document numbers only go up: checked against the account's as they are now.
  const current = await getSettingsWithoutLogo(user.accountId);
  const submission = parseForm(await readForm(request), { schema: settingsSchemaFor(current) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await updateSettings(user.accountId, submission.value);
  } catch (error) {
    // A document was numbered past it between the check above and the save: nothing was saved.
    if (!(error instanceof NextNumberBelowCurrent)) throw error;
    const result = submission.reply({ fieldErrors: { [error.field]: ["settings.errors.nextNumberBelow"] } });
    return data({ result }, { status: 400 });
  }
  // An account signed in before addresses were kept gets this page's address when it saves.
  await appOriginOrRecord(user.accountId, request);
  // The public request page comes with the company name (docs/product/requests.md): made from
  // it when the account has none; a page already made keeps its address and its on or off.
  await ensureRequestPage(user.accountId);
  // The cookies follow the account, so the sign-in page after a sign-out keeps them too.
  const headers = new Headers();
  headers.append("Set-Cookie", await languageCookie.serialize(submission.value.appLanguage));
  headers.append("Set-Cookie", await themeCookie.serialize(submission.value.darkMode ? "dark" : "light"));
  return redirectWithToast("/app/settings", { title: "settings.saved", description: "settings.savedBody" }, { headers });
}

// Room for the multipart envelope around a 5 MB file (boundaries, headers, the intent field).
const MULTIPART_SLACK = 64 * 1024;

const logoFailure = (reason: "missing" | "tooLarge" | "invalidType") =>
  redirectWithToast("/app/settings", {
    type: "error",
    title: `settings.logo.${reason}`,
    description: `settings.logo.${reason}Body`,
  });

async function logoAction(request: Request, accountId: string) {
  const length = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(length) && length > MAX_LOGO_BYTES + MULTIPART_SLACK) return logoFailure("tooLarge");
  let form: FormData;
  try {
    // One byte over the limit is enough to know a file is too large, and to say so.
    form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_LOGO_BYTES + 1 }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return logoFailure("tooLarge");
    throw new Response("Bad Request", { status: 400 });
  }
  if (form.get("intent") === "remove") {
    await removeLogo(accountId);
    return redirectWithToast("/app/settings", { title: "settings.logo.removed", description: "settings.logo.removedBody" });
  }
  const file = form.get("logo");
  const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : null;
  const check = checkLogo(bytes);
  if (!check.ok) return logoFailure(check.error);
  await setLogo(accountId, bytes!, check.mimeType);
  return redirectWithToast("/app/settings", { title: "settings.logo.uploaded", description: "settings.logo.uploadedBody" });
}

export default function SettingsPage() {
  const { t } = useTranslation();
  const { defaults, zoneChosen, timeZones, logoUrl, app, canManageTeam, canExport, files } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("settings.title")} subtitle={t("settings.subtitle")} />
      <SettingsForm
        defaults={defaults}
        lastResult={actionData && "result" in actionData ? actionData.result : null}
        zoneChosen={zoneChosen}
        timeZones={timeZones}
        companyExtra={<LogoControls logoUrl={logoUrl} />}
        after={
          <>
            <SettingsSection id="settings-security" title={t("security.title")} description={t("security.subtitle")}>
              <div>
                <Link to="/app/settings/security" className={buttonClass("secondary")}>
                  {t("security.title")}
                </Link>
              </div>
            </SettingsSection>
            <SettingsSection
              id="settings-requests"
              title={t("requests.settings.title")}
              description={t("requests.settings.intro")}
            >
              <div>
                <Link to="/app/settings/requests" className={buttonClass("secondary")}>
                  {t("requests.pageSettings")}
                </Link>
              </div>
            </SettingsSection>
            {canManageTeam ? (
              <SettingsSection id="settings-team" title={t("team.settingsLink")} description={t("team.settingsLinkDescription")}>
                <div>
                  <Link to="/app/settings/team" className={buttonClass("secondary")}>
                    {t("team.settingsLink")}
                  </Link>
                </div>
              </SettingsSection>
            ) : null}
            {canExport ? (
              <SettingsSection id="settings-data" title={t("settings.data.title")} description={t("settings.data.description")}>
                <div>
                  <a href="/app/settings/export.json" download className={buttonClass("secondary")}>
                    {t("settings.data.download")}
                  </a>
                </div>
              </SettingsSection>
            ) : null}
            <SettingsSection id="settings-info" title={t("settings.info.title")}>
              <p className="mb-4 text-sm" data-testid="file-usage">
                {t("files.usage", { used: formatBytes(files.used, locale), limit: formatBytes(files.limit, locale) })}
              </p>
              <dl className="grid gap-4 text-sm sm:grid-cols-3" data-testid="app-info">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("settings.info.version")}</dt>
                  <dd className="font-medium">{app.version}</dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("settings.info.build")}</dt>
                  <dd className="font-medium">
                    {t(app.build === "production" ? "settings.info.production" : "settings.info.development")}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t("settings.info.lastUpdated")}</dt>
                  <dd className="font-medium">{formatListDate(`${app.today}T00:00:00Z`, locale)}</dd>
                </div>
                <div className="sm:col-span-3" data-testid="app-links">
                  <dt className="text-slate-500 dark:text-slate-400">{t("settings.info.links")}</dt>
                  {app.links.origin ? (
                    <dd>
                      <span className="font-medium break-all">{app.links.origin}</span>{" "}
                      <span className="text-slate-500 dark:text-slate-400">
                        {t(app.links.from === "appUrl" ? "settings.info.linksFromAppUrl" : "settings.info.linksFromSignIn")}
                      </span>
                      <span className="block">{t("settings.info.linksOn")}</span>
                    </dd>
                  ) : (
                    <dd>
                      <span className="font-medium">{t("settings.info.linksUnknown")}</span>
                      <span className="block">{t("settings.info.linksOff")}</span>
                    </dd>
                  )}
                </div>
              </dl>
            </SettingsSection>
          </>
        }
      />
      <LogoForm />
    </div>
  );
}
