import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Cookie, type Page, type TestInfo } from "@playwright/test";
import { registerViaApi } from "./utils";

// Every page through axe-core (the WCAG 2.0 and 2.1 A and AA rules), in both themes and
// both languages, with JavaScript on and off. A serious or critical violation fails the
// test, listed with its page, rule, the elements concerned and axe's summary of the fix.
//
// Pages are grouped a dozen to a test, on one account per worker (the audits only read;
// each test sets the theme and language it audits). Each project
// audits every page in both themes and in both languages, and between the two projects
// every theme and language pair is audited once:
//
//            light      dark
//   js       English    Spanish
//   nojs     Spanish    English
//
// The js project audits at a phone's width (360 × 740), where lists are cards and the sidebar
// is a menu; the nojs project at a desktop's (1280 × 720): so every page is audited at 360 px
// in both themes, and at a desktop's width in both themes too.
//
// With JavaScript off the dialogs are pages of their own (the same markup, server-rendered).
// Keyboard use, the skip link and the dialogs' focus handling are in keyboard.spec.ts.

type Theme = "light" | "dark";
type Language = "en" | "es";
interface Combo {
  theme: Theme;
  language: Language;
}

const LANGUAGE: Record<string, Record<Theme, Language>> = {
  js: { light: "en", dark: "es" },
  nojs: { light: "es", dark: "en" },
};

// A test audits about a dozen pages in 15 to 30 s; the budget leaves room for a busy
// machine (two workers, the server and Chromium sharing two cores).
const AUDIT_TIMEOUT = 150_000;

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

/** A page to audit. */
interface Target {
  path: string;
  /** The status its document answers with (200 unless told). */
  status?: number;
  /** A route dialog: only the dialog is audited (its page is audited on its own). */
  dialog?: boolean;
  /** Only this part of the page is audited (a menu over a page audited on its own). */
  within?: string;
  /** What to do on the page before the audit (to show a state: errors, results, a menu). */
  prepare?: (page: Page) => Promise<void>;
  /** How the page is named in a failure (when prepare shows a state of it). */
  label?: string;
}

function comboFor(theme: Theme, testInfo: TestInfo): Combo {
  const language = LANGUAGE[testInfo.project.name]?.[theme] ?? "en";
  testInfo.annotations.push({ type: "theme and language", description: `${theme}, ${language}` });
  return { theme, language };
}

/** Sets the theme and language as the switcher does (cookies; saved on the account when signed in). */
async function choose(page: Page, combo: Combo) {
  const response = await page.request.post("/resources/preferences", {
    form: { theme: combo.theme, language: combo.language, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** The document's markup as the browser holds it, minus its scripts. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

/**
 * Where axe runs, and how a target gets there. With JavaScript on, the target is opened
 * in the test's page and audited there. axe needs timers and promises, which a page with
 * JavaScript disabled never runs; so with JavaScript off, the page's markup (which no script
 * touches) is shown at the same address in a second, script-capable page, its own scripts
 * removed, and audited there: the same elements, styles and colours a visitor without
 * JavaScript gets. A target with nothing to prepare is fetched with the test's cookies
 * rather than first rendered in the page without JavaScript: the same markup, one page
 * load instead of two (the audits are about a fifth of the browser suite's time).
 */
async function auditorFor(page: Page, testInfo: TestInfo) {
  const open = async (target: Target, name: string) => {
    const response = await page.goto(target.path);
    expect(response?.status(), name).toBe(target.status ?? 200);
    if (target.prepare) await target.prepare(page);
  };
  if (testInfo.project.use.javaScriptEnabled !== false) {
    return {
      show: async (target: Target, name: string) => {
        await open(target, name);
        return page;
      },
      close: async () => {},
    };
  }
  const context = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  const auditor = await context.newPage();
  let markup = "";
  await auditor.route("**/*", (route) =>
    route.request().resourceType() === "document"
      ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: markup })
      : route.continue(),
  );
  return {
    show: async (target: Target, name: string) => {
      let url: string;
      if (target.prepare) {
        await open(target, name);
        markup = withoutScripts(await page.content());
        url = page.url();
      } else {
        const response = await page.request.get(target.path, { headers: { Accept: "text/html" } });
        expect(response.status(), name).toBe(target.status ?? 200);
        markup = withoutScripts(await response.text());
        url = response.url();
      }
      await auditor.goto(url);
      return auditor;
    },
    close: () => context.close(),
  };
}

/** Audits each page in turn; fails once, at the end, with every blocking violation found. */
async function audit(page: Page, combo: Combo, targets: Target[], testInfo: TestInfo) {
  const problems: string[] = [];
  const where = `${combo.theme}, ${combo.language}, ${testInfo.project.name}`;
  const auditor = await auditorFor(page, testInfo);
  try {
    for (const target of targets) {
      const name = target.label ?? target.path;
      const started = Date.now();
      const shown = await auditor.show(target, name);
      const html = shown.locator("html");
      await expect(html, `${name}: <html lang>`).toHaveAttribute("lang", combo.language);
      if (combo.theme === "dark") await expect(html, `${name}: dark theme`).toHaveClass(/(^|\s)dark(\s|$)/);
      else await expect(html, `${name}: light theme`).not.toHaveClass(/(^|\s)dark(\s|$)/);
      if (target.dialog) await expect(shown.getByRole("dialog"), name).toBeVisible();
      const audited = Date.now();
      // Legacy mode runs axe in the page itself (no blank page opened per run to merge
      // frame results: the app has no frames), about twice as fast; and only violations
      // are detailed (passes are counted, not described). options() replaces all options,
      // so it comes before withTags(), which adds to them.
      let axe = new AxeBuilder({ page: shown })
        .options({ resultTypes: ["violations"] })
        .withTags(TAGS)
        .setLegacyMode();
      const within = target.within ?? (target.dialog ? '[role="dialog"]' : null);
      if (within) axe = axe.include(within);
      // Contrast (about two thirds of axe's time) is audited in the dark theme with JavaScript
      // on, the same pages and colours; without JavaScript the dark theme gets every other rule.
      if (combo.theme === "dark" && testInfo.project.use.javaScriptEnabled === false) axe = axe.disableRules(["color-contrast"]);
      const results = await axe.analyze();
      // A11Y_TIMING=1 tells where the time goes, page by page.
      if (process.env.A11Y_TIMING) console.log(`${name}: page ${audited - started} ms, axe ${Date.now() - audited} ms`);
      for (const violation of results.violations) {
        if (!BLOCKING.has(violation.impact ?? "")) continue;
        for (const node of violation.nodes) {
          const summary = (node.failureSummary ?? "").replace(/\n/g, "\n      ");
          problems.push(
            `${name} (${where}): ${violation.impact} ${violation.id}, ${violation.help}\n    at ${node.target.join(" ")}\n      ${summary}`,
          );
        }
      }
    }
  } finally {
    await auditor.close();
  }
  expect(problems, `axe found ${problems.length} serious or critical violation(s):\n${problems.join("\n")}\n`).toEqual([]);
}

/** An account with one of most things a page can show. */
async function businessData(request: APIRequestContext) {
  await registerViaApi(request);
  const tag = Math.random().toString(36).slice(2, 7);
  const post = async <T>(path: string, data?: Record<string, unknown>, status = 201) => {
    const response = await request.post(path, data ? { data } : undefined);
    expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  };
  const customer = await post<{ id: string }>("/api/customers", {
    name: `Ana ${tag} Ruiz`,
    email: "ana@example.com",
    phone: "(512) 555-0142",
    address: "12 Elm St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    notes: "Gate code 1234",
  });
  // No e-mail: the estimate list shows its Send action disabled.
  const walkIn = await post<{ id: string }>("/api/customers", { name: `Bo ${tag} Walker` });
  const soon = new Date();
  soon.setHours(Math.min(Math.max(soon.getHours() + 1, 8), 21), 0, 0, 0);
  const job = await post<{ id: string }>("/api/jobs", {
    customerId: customer.id,
    title: `Panel upgrade ${tag}`,
    description: "Replace the 100A panel",
    location: "12 Elm St",
    status: "in_progress",
    scheduledDate: soon.toISOString(),
    totalAmount: "2400.00",
  });
  await post("/api/jobs", { customerId: walkIn.id, title: `Outlet repair ${tag}`, status: "completed" });
  const items = [
    { description: "Main panel upgrade, 200A", quantity: "1", unitPrice: "1850.00" },
    { description: "Dedicated 20A circuit", quantity: "2.5", unitPrice: "125.50" },
  ];
  const estimate = await post<{ id: string }>("/api/estimates", {
    customerId: customer.id,
    jobId: job.id,
    title: `Kitchen rewire ${tag}`,
    status: "pending",
    validUntil: null,
    items,
  });
  await post("/api/estimates", {
    customerId: walkIn.id,
    title: `Porch light ${tag}`,
    status: "rejected",
    validUntil: null,
    items,
  });
  const approved = await post<{ id: string }>("/api/estimates", {
    customerId: customer.id,
    title: `Service call ${tag}`,
    status: "approved",
    validUntil: null,
    items,
  });
  const invoice = await post<{ id: string }>(`/api/invoices/from-estimate/${approved.id}`);
  const paid = await post<{ id: string }>("/api/estimates", {
    customerId: customer.id,
    title: `Paid work ${tag}`,
    status: "approved",
    validUntil: null,
    items,
  });
  const paidInvoice = await post<{ id: string }>(`/api/invoices/from-estimate/${paid.id}`);
  // Paying an invoice leaves a notification: one read, one unread (the bell's badge, the list).
  const pay = async (invoiceId: string) => {
    const response = await request.put(`/api/invoices/${invoiceId}`, { data: { status: "paid" } });
    expect(response.status(), await response.text()).toBe(200);
  };
  await pay(paidInvoice.id);
  const [notification] = (await (await request.get("/api/notifications")).json()) as { id: string }[];
  expect((await request.post(`/api/notifications/${notification.id}/read`)).status()).toBeLessThan(300);
  const another = await post<{ id: string }>("/api/estimates", {
    customerId: walkIn.id,
    title: `Breaker swap ${tag}`,
    status: "approved",
    validUntil: null,
    items,
  });
  await pay((await post<{ id: string }>(`/api/invoices/from-estimate/${another.id}`)).id);
  const appointment = await post<{ id: string }>("/api/appointments", {
    customerId: customer.id,
    title: `Site visit ${tag}`,
    description: "Look at the attic wiring",
    location: "12 Elm St",
    appointmentType: "estimate",
    scheduledDate: new Date(soon.getTime() + 2 * 60 * 60 * 1000).toISOString(),
    duration: 60,
    notes: "Bring the ladder",
  });
  const share = await post<{ shareableLink: string }>(`/api/estimates/${estimate.id}/share`, undefined, 200);
  return {
    tag,
    customer,
    job,
    estimate,
    approved,
    invoice,
    paidInvoice,
    appointment,
    shareLink: new URL(share.shareableLink).pathname,
  };
}

type Business = Awaited<ReturnType<typeof businessData>> & { cookies: Cookie[] };

const test = base.extend<{ signIn: () => Promise<void> }, { business: Business }>({
  // eslint-disable-next-line no-empty-pattern -- a fixture that needs no other fixture
  viewport: async ({}, use, testInfo) => {
    await use(testInfo.project.name === "js" ? { width: 360, height: 740 } : { width: 1280, height: 720 });
  },
  // The account and its data, made once per worker; its session cookie signs a test's browser in.
  business: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const data = await businessData(request);
      const { cookies } = await request.storageState();
      await request.dispose();
      await use({ ...data, cookies });
    },
    { scope: "worker" },
  ],
  signIn: async ({ page, business }, use) => {
    await use(() => page.context().addCookies(business.cookies));
  },
});

/** Submits the form in <main> (or the dialog) as it is, and waits for its field errors. */
async function submitForErrors(page: Page, scope: "main" | "dialog") {
  const root = scope === "dialog" ? page.getByRole("dialog") : page.getByRole("main");
  await root.locator('button[type="submit"]').last().click();
  await expect(root.locator('[aria-invalid="true"]').first()).toBeVisible();
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test("public pages, their form errors and the shared estimate", async ({ page, business: data }, testInfo) => {
      test.setTimeout(AUDIT_TIMEOUT);
      const combo = comboFor(theme, testInfo);
      // A visitor: not signed in (the shared estimate is the worker's account's).
      await choose(page, combo);
      await audit(
        page,
        combo,
        [
          { path: "/" },
          {
            path: "/login",
            label: "/login (wrong password)",
            prepare: async (p) => {
              await p.locator('input[name="email"]').fill(`nobody-${Math.random().toString(36).slice(2, 10)}@example.com`);
              await p.locator('input[name="password"]').fill("not-the-password");
              await p.getByRole("main").locator('button[type="submit"]').click();
              await expect(p.locator("#login-error")).toBeVisible();
            },
          },
          {
            path: "/register",
            label: "/register (errors)",
            prepare: async (p) => {
              await p.locator('input[name="email"]').fill("not-an-email");
              await submitForErrors(p, "main");
            },
          },
          { path: "/demo" },
          { path: "/contact-sales", label: "/contact-sales (errors)", prepare: (p) => submitForErrors(p, "main") },
          { path: "/no-such-page", status: 404 },
          // In the account's document language (English): its own lang attribute says so.
          { path: data.shareLink },
        ],
        testInfo,
      );
    });

    test("dashboard, customers, jobs and search", async ({ page, business: data, signIn }, testInfo) => {
      test.setTimeout(AUDIT_TIMEOUT);
      const combo = comboFor(theme, testInfo);
      await signIn();
      await choose(page, combo);
      const javaScript = testInfo.project.use.javaScriptEnabled !== false;
      await audit(
        page,
        combo,
        [
          { path: "/app" },
          // With JavaScript the bell opens a menu of the latest notifications.
          ...(javaScript
            ? [
                {
                  path: "/app",
                  label: "/app (notifications menu open)",
                  within: '[data-testid="notification-bell"]',
                  prepare: async (p: Page) => {
                    await p.getByTestId("notification-bell").getByRole("button").click();
                    await expect(p.getByTestId("notification-bell").getByTestId("notification-list")).toBeVisible();
                  },
                },
              ]
            : []),
          { path: "/app/customers" },
          {
            path: "/app/customers/new",
            label: "/app/customers/new (errors)",
            dialog: true,
            prepare: async (p) => {
              await p.getByRole("dialog").locator('input[name="email"]').fill("not-an-email");
              await submitForErrors(p, "dialog");
            },
          },
          { path: `/app/customers/${data.customer.id}/edit`, dialog: true },
          // The customer has jobs: deleting is refused, with an alert.
          { path: `/app/customers/${data.customer.id}/delete`, label: "/app/customers/{id}/delete (refused)", dialog: true },
          { path: "/app/customers/import", dialog: true },
          { path: "/app/jobs" },
          { path: "/app/jobs/new", dialog: true },
          { path: `/app/jobs/${data.job.id}`, dialog: true },
          { path: `/app/search?q=${data.tag}` },
          { path: "/app/no-such-page", status: 404 },
        ],
        testInfo,
      );
    });

    test("estimates, the AI assistant and invoices", async ({ page, business: data, signIn }, testInfo) => {
      test.setTimeout(AUDIT_TIMEOUT);
      const combo = comboFor(theme, testInfo);
      await signIn();
      await choose(page, combo);
      await audit(
        page,
        combo,
        [
          { path: "/app/estimates" },
          {
            path: "/app/estimates/new",
            label: "/app/estimates/new (AI suggestions)",
            dialog: true,
            prepare: async (p) => {
              const assistant = p.getByTestId("ai-assistant");
              await assistant.locator("summary").click();
              await assistant.locator('textarea[name="aiDescription"]').fill("Replace 3 outlets and install a 200 amp panel");
              await assistant.locator('select[name="aiJobType"]').selectOption("electrical");
              await assistant.locator('button[value="ai-analyze"]').click();
              await expect(p.getByTestId("ai-result")).toBeVisible();
            },
          },
          { path: `/app/estimates/${data.estimate.id}/edit`, dialog: true },
          { path: `/app/estimates/${data.estimate.id}/preview`, dialog: true },
          { path: `/app/estimates/${data.estimate.id}/send`, dialog: true },
          { path: `/app/estimates/${data.estimate.id}/share`, dialog: true },
          { path: `/app/estimates/${data.estimate.id}/delete`, dialog: true },
          { path: `/app/estimates/${data.approved.id}/print` },
          { path: "/app/invoices" },
          { path: `/app/invoices/${data.invoice.id}/paid`, dialog: true },
          { path: `/app/invoices/${data.paidInvoice.id}/print` },
        ],
        testInfo,
      );
    });

    test("schedule, notifications, reports, settings and AI features", async ({ page, business: data, signIn }, testInfo) => {
      test.setTimeout(AUDIT_TIMEOUT);
      const combo = comboFor(theme, testInfo);
      await signIn();
      await choose(page, combo);
      await audit(
        page,
        combo,
        [
          { path: "/app/schedule" },
          { path: "/app/schedule?tab=calendar" },
          { path: "/app/schedule?tab=list" },
          {
            path: "/app/schedule/new",
            label: "/app/schedule/new (errors)",
            dialog: true,
            prepare: (p) => submitForErrors(p, "dialog"),
          },
          { path: `/app/schedule/${data.appointment.id}`, dialog: true },
          { path: `/app/schedule/jobs/${data.job.id}`, dialog: true },
          { path: "/app/notifications" },
          { path: "/app/my-day" },
          { path: "/app/reports" },
          { path: "/app/settings" },
          { path: "/app/settings/security" },
          { path: "/app/ai" },
        ],
        testInfo,
      );
    });
  });
}
