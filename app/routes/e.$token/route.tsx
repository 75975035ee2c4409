import { parseForm } from "~/lib/form-parse";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FixedLanguage } from "~/components/share-fixed-language";
import { ShareMessage, shareHeaders, shareMeta, SharePage } from "~/components/share-page";
import { ShareResponseForms, type ResponseReply } from "~/components/share-response-forms";
import { Button, buttonClass } from "~/components/ui/button";
import { depositDue } from "~/lib/deposit";
import { canAnswerEstimate } from "~/lib/estimate-dates";
import { formatDocumentDate } from "~/lib/invoice-dates";
import { formatMoney } from "~/lib/money";
import { formatMoment } from "~/lib/share-link";
import { approveSchema, chosenLines, declineSchema } from "~/lib/share-schema";
import {
  appOrigin,
  decideSharedEstimate,
  findShareLink,
  loadSharedEstimate,
  recordShareView,
  type SharedState,
} from "~/models/share.server";
import { messageKey, translate } from "~/infrastructure/i18n";
import { getSessionUser } from "~/infrastructure/session.server";
import { mailDecisionInBackground } from "~/services/decision-mail.server";
import { readForm } from "~/infrastructure/form.server";
import { cardPaymentsEnabled, createDepositCheckout, redirectToCheckout } from "~/services/stripe.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

// The customer's page for a shared estimate: public (the token is the key), outside the
// app shell, in the account's document language (the frame is SharePage). It shows this one
// estimate and nothing of the account besides the company's contact details; a wrong token
// is the ordinary 404.

export const headers = shareHeaders;

export const meta = shareMeta("share.page.title");

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const shared = await loadSharedEstimate(token);
  if (!shared) throw notFound();
  const { link, estimate, settings, document, state, validThrough } = shared;
  // Views are GETs: after an approve or decline post Remix runs this loader again (with a
  // GET Request of its own), and that is not a view. The contractor checking their own
  // link is not the customer viewing it either.
  if ((context.requestMethod ?? request.method) === "GET") {
    const viewer = await getSessionUser(request);
    if (viewer?.accountId !== link.accountId) await recordShareView(link.id);
  }
  const language = settings.documentLanguage;
  const decidedAt = estimate.status === "approved" ? (estimate.approvedAt ?? estimate.respondedAt) : estimate.respondedAt;
  const deposit = depositState(shared);
  return {
    deposit,
    canPayDeposit: deposit !== null && deposit.due > 0 && cardPaymentsEnabled(),
    returnedFromPayment: new URL(request.url).searchParams.get("payment") === "done",
    token,
    language,
    document,
    logoUrl: settings.logoUpdatedAt ? `/e/${token}/logo?v=${settings.logoUpdatedAt.getTime()}` : null,
    state,
    // The optional lines the customer may tick before approving (by line id, in document order).
    choices: estimate.items.flatMap((item, index) => (item.optional ? [{ id: item.id, index }] : [])),
    validThrough: formatDocumentDate(validThrough, language),
    decision:
      state === "approved" || state === "rejected"
        ? {
            at: formatMoment(decidedAt, language, settings.timeZone),
            by: estimate.customerSignature,
            response: estimate.customerResponse,
          }
        : null,
  };
}

/** With JavaScript on, a refused post shows its messages on the page as it is: no reload, no view counted. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && ("reply" in actionResult || "problem" in actionResult)
    ? false
    : defaultShouldRevalidate;

/** The deposit the customer sees once the estimate is approved: asked, received, still due. */
function depositState({
  document,
  state,
}: {
  document: { deposit?: { asked: number; received: number } | null };
  state: SharedState;
}) {
  if (state !== "approved" || !document.deposit || document.deposit.asked <= 0) return null;
  const { asked, received } = document.deposit;
  return { asked, received, due: depositDue(asked, received) };
}

/** POST intent=pay-deposit: a Stripe Checkout Session for the deposit still due, and off to it. */
async function payDeposit(request: Request, token: string) {
  const shared = await loadSharedEstimate(token);
  if (!shared || !cardPaymentsEnabled()) throw notFound();
  const deposit = depositState(shared);
  if (!deposit || deposit.due <= 0) return data({ reply: null, problem: "share.page.noDepositDue" }, { status: 409 });
  const { estimate, settings, document } = shared;
  return redirectToCheckout(
    "a deposit",
    () =>
      createDepositCheckout({
        estimateId: estimate.id,
        estimateNumber: estimate.estimateNumber,
        label: translate(settings.documentLanguage, "share.page.depositHeading"),
        companyName: document.company.name,
        amount: deposit.due,
        currency: settings.currency,
        locale: settings.documentLanguage,
        customerEmail: document.customer.email,
        returnUrl: `${appOrigin(request)}/e/${token}`,
      }),
    () => data({ reply: null, problem: "share.invoice.payFailed" }, { status: 502 }),
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  // The token first: a post to a link that does not exist is not read at all (docs/security.md, "Request bodies").
  if (!(await findShareLink(token))) throw notFound();
  const formData = await readForm(request);
  if (formData.get("intent") === "pay-deposit") return payDeposit(request, token);
  const intent = formData.get("intent") === "decline" ? "decline" : "approve";
  const submission = parseForm(formData, { schema: intent === "approve" ? approveSchema : declineSchema });
  if (submission.status !== "success") {
    // The ticked optional lines come back with the refusal, so a page without JavaScript keeps them ticked.
    const chosen = intent === "approve" ? chosenLines(formData) : [];
    return data({ reply: { intent, result: submission.reply(), chosen } as ResponseReply, problem: null }, { status: 400 });
  }
  const value = submission.value;
  // A filled honeypot is a bot: answer as if nothing happened, record nothing.
  if (value.website) return redirect(`/e/${token}`);
  const outcome = await decideSharedEstimate(
    token,
    value.intent === "approve"
      ? { kind: "approve", signature: value.signature, message: value.message, chosen: chosenLines(formData) }
      : { kind: "decline", name: value.name, reason: value.reason },
  );
  if (outcome.status === "not-found") throw notFound();
  if (outcome.status === "approved" || outcome.status === "rejected") {
    mailDecisionInBackground(outcome.notice, appOrigin(request));
    return redirect(`/e/${token}`);
  }
  const problem = outcome.status === "expired" ? "share.page.expiredRefused" : "share.page.alreadyDecided";
  return data({ reply: null, problem }, { status: 409 });
}

export default function SharedEstimatePage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FixedLanguage language={loaded.language}>
      <SharedEstimate {...loaded} />
    </FixedLanguage>
  );
}

function SharedEstimate({
  token,
  language,
  document: doc,
  logoUrl,
  state,
  choices,
  validThrough,
  decision,
  deposit,
  canPayDeposit,
  returnedFromPayment,
}: ReturnType<typeof useLoaderData<typeof loader>>) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const company = doc.company.name;
  return (
    <SharePage
      document={doc}
      logoUrl={logoUrl}
      subtitle={t("share.page.estimateFor", { number: doc.number, title: doc.title })}
      facts={[
        {
          label: t("share.page.total"),
          value: formatMoney(doc.total, language, doc.currency),
          kind: "headline",
          testId: "share-total",
        },
        { label: t("share.page.validUntil"), value: validThrough, kind: "text" },
        { label: t("share.page.status"), value: t(`share.page.statuses.${state}`), kind: "text", testId: "share-state" },
      ]}
      problem={actionData?.problem ? t(messageKey(actionData.problem)) : null}
      actions={
        canAnswerEstimate(state) ? (
          <a href="#respond-approve" className={buttonClass("primary")}>
            {t("share.page.respond")}
          </a>
        ) : null
      }
      pdf={{ href: `/e/${token}/pdf`, label: t("share.page.downloadPdf") }}
      afterDocument={
        canAnswerEstimate(state) ? (
          <ShareResponseForms
            company={company}
            reply={actionData?.reply ?? null}
            document={doc}
            choices={choices}
            language={language}
          />
        ) : null
      }
    >
      <StateMessage state={state} decision={decision} company={company} validThrough={validThrough} />
      {deposit ? (
        <DepositBox
          deposit={deposit}
          canPay={canPayDeposit}
          returned={returnedFromPayment}
          money={(cents) => formatMoney(cents, language, doc.currency)}
        />
      ) : null}
    </SharePage>
  );
}

function DepositBox({
  deposit,
  canPay,
  returned,
  money,
}: {
  deposit: { asked: number; received: number; due: number };
  canPay: boolean;
  returned: boolean;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay-deposit";
  return (
    <section
      aria-labelledby="deposit-heading"
      className="mt-4 rounded-md bg-slate-50 px-3 py-3 text-sm dark:bg-slate-800"
      data-testid="share-deposit"
    >
      <h2 id="deposit-heading" className="font-semibold">
        {t("share.page.depositHeading")}
      </h2>
      {/* Three figures side by side when they fit; on the narrowest phones two, then one. */}
      <dl className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-2">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("share.page.depositAsked")}</dt>
          <dd className="font-medium tabular-nums">{money(deposit.asked)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("share.page.depositReceived")}</dt>
          <dd className="font-medium tabular-nums" data-testid="share-deposit-received">
            {money(deposit.received)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t("share.page.depositDue")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="share-deposit-due">
            {money(deposit.due)}
          </dd>
        </div>
      </dl>
      {deposit.due <= 0 ? (
        <p className="mt-2 font-medium text-green-800 dark:text-green-300">{t("share.page.depositPaid")}</p>
      ) : null}
      {returned && deposit.due > 0 ? <p className="mt-2">{t("share.page.depositDone")}</p> : null}
      {canPay ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="pay-deposit" />
          <Button disabled={paying}>{t("share.page.payDeposit", { amount: money(deposit.due) })}</Button>
        </Form>
      ) : null}
    </section>
  );
}

function StateMessage({
  state,
  decision,
  company,
  validThrough,
}: {
  state: SharedState;
  decision: { at: string; by: string | null; response: string | null } | null;
  company: string;
  validThrough: string;
}) {
  const { t } = useTranslation();
  let text: string;
  let tone: "neutral" | "good" | "bad" | "warning" = "neutral";
  if (state === "approved") {
    text = decision?.by
      ? t("share.page.approvedBy", { name: decision.by, date: decision.at })
      : t("share.page.approvedOn", { date: decision?.at ?? "" });
    tone = "good";
  } else if (state === "rejected") {
    text = decision?.by
      ? t("share.page.declinedBy", { name: decision.by, date: decision.at })
      : t("share.page.declinedOn", { date: decision?.at ?? "" });
    tone = "bad";
  } else if (state === "expired") {
    text = validThrough ? t("share.page.expired", { date: validThrough, company }) : t("share.page.expiredNoDate", { company });
    tone = "warning";
  } else {
    text = t("share.page.intro", { company });
  }
  const said = decision?.response
    ? `${t(state === "approved" ? "share.page.yourMessage" : "share.page.yourReason")}: ${decision.response}`
    : null;
  return <ShareMessage tone={tone} text={text} detail={said} />;
}
