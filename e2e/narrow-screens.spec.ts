import { expect, test, type Page } from "@playwright/test";
import { registerViaApi } from "./utils";

// Every page on the narrowest phones (320 and 360 px wide), in English and Spanish, with
// JavaScript on and off (the two projects): none may scroll sideways, as a page or inside a
// box of it. A page that is wider than the screen hides its right edge, buttons included, on
// a contractor's phone.

async function account(page: Page) {
  await registerViaApi(page.request);
  const customer = (await (
    await page.request.post("/api/customers", {
      data: {
        name: "Rosa Díaz-Villanueva Hernández",
        email: "rosa.diaz.villanueva@example.com",
        address: "1234 Long Street Name Avenue",
        city: "San Antonio",
        state: "TX",
        zipCode: "78201",
      },
    })
  ).json()) as { id: string };
  const job = (await (
    await page.request.post("/api/jobs", {
      data: {
        customerId: customer.id,
        title: "Replace main electrical panel and rewire kitchen",
        status: "in_progress",
        totalAmount: "4850.00",
        scheduledDate: new Date().toISOString(),
      },
    })
  ).json()) as { id: string };
  const estimate = (await (
    await page.request.post("/api/estimates", {
      data: {
        customerId: customer.id,
        jobId: job.id,
        title: "Panel upgrade, 200 A, with permits and inspection",
        status: "approved",
        items: [
          { description: "200 A main breaker panel, installed", quantity: "1", unitPrice: "1850.00" },
          { description: "Dedicated 20 A kitchen circuits", quantity: "4", unitPrice: "225.50" },
        ],
      },
    })
  ).json()) as { id: string };
  const invoice = (await (await page.request.post(`/api/invoices/from-estimate/${estimate.id}`)).json()) as { id: string };
  const item = await page.request.post("/api/items", {
    data: { name: "Arc-fault breaker, 20 A, single pole", unitPrice: "54.75", unit: "each", category: "Breakers" },
  });
  expect(item.status(), await item.text()).toBe(201);
  // Assigned to the owner, so My day shows it as a card.
  const team = (await (await page.request.get("/api/team")).json()) as { members: { id: string }[] };
  await page.request.post("/api/appointments", {
    data: {
      customerId: customer.id,
      jobId: job.id,
      title: "Panel swap, first visit",
      scheduledDate: new Date().toISOString(),
      duration: 120,
      assigneeId: team.members[0].id,
    },
  });
  const estimateLink = (
    (await (await page.request.post(`/api/estimates/${estimate.id}/share`)).json()) as { shareableLink: string }
  ).shareableLink;
  const invoiceLink = ((await (await page.request.post(`/api/invoices/${invoice.id}/share`)).json()) as { shareableLink: string })
    .shareableLink;
  return {
    customer,
    job,
    estimate,
    invoice,
    estimateLink: new URL(estimateLink).pathname,
    invoiceLink: new URL(invoiceLink).pathname,
  };
}

function pagesOf(ids: Awaited<ReturnType<typeof account>>): string[] {
  return [
    "/app",
    "/app/customers",
    "/app/customers/new",
    `/app/customers/${ids.customer.id}/edit`,
    "/app/customers/import",
    "/app/jobs",
    "/app/jobs/new",
    `/app/jobs/${ids.job.id}`,
    "/app/estimates",
    "/app/estimates/new",
    `/app/estimates/${ids.estimate.id}/preview`,
    `/app/estimates/${ids.estimate.id}/share`,
    "/app/invoices",
    `/app/invoices/${ids.invoice.id}/payments`,
    "/app/price-book",
    "/app/price-book/new",
    "/app/recurring-invoices",
    `/app/invoices/${ids.invoice.id}/send`,
    "/app/schedule",
    "/app/schedule?view=week",
    "/app/schedule?view=list",
    "/app/schedule/new",
    "/app/reports",
    "/app/settings",
    "/app/settings/security",
    "/app/notifications",
    "/app/my-day",
    "/app/settings/team",
    "/app/search?q=panel",
    ids.estimateLink,
    ids.invoiceLink,
  ];
}

const PUBLIC = ["/", "/login", "/register", "/demo", "/contact-sales"];

const WIDTHS = [320, 360];

/**
 * Opens the page once and measures it at each width in turn: no page sizes itself with
 * script, so a resized page lays out as one loaded at that width would (and each page is
 * loaded once instead of once per width). Returns what is too wide.
 */
async function tooWide(page: Page, path: string, who = ""): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0], height: 740 });
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  const wide: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const { extra, boxes } = await page.evaluate(() => ({
      extra: document.documentElement.scrollWidth - window.innerWidth,
      // A box that scrolls sideways inside the page (a table in an overflow box) hides its
      // right edge as surely as a wide page does.
      boxes: [...document.body.querySelectorAll("*")]
        .filter((element) => {
          const { overflowX, display } = getComputedStyle(element);
          return (
            (overflowX === "auto" || overflowX === "scroll") &&
            display !== "none" &&
            element.scrollWidth > element.clientWidth + 1
          );
        })
        .map(
          (element) =>
            `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ${element.scrollWidth - element.clientWidth} px`,
        ),
    }));
    if (extra > 0) wide.push(`${path} at ${width} px${who}: ${extra} px too wide`);
    for (const box of boxes) wide.push(`${path} at ${width} px${who}: a box scrolls sideways, ${box}`);
  }
  return wide;
}

for (const language of ["en", "es"] as const) {
  test(`no page scrolls sideways at 320 and 360 px (${language})`, async ({ page, browser }, testInfo) => {
    // Every page, and the public ones as a visitor: minutes on a loaded two-core machine.
    test.setTimeout(240_000);
    const ids = await account(page);
    if (language === "es") await page.request.post("/resources/preferences", { form: { language: "es", redirectTo: "/app" } });
    const wide: string[] = [];
    for (const path of pagesOf(ids)) wide.push(...(await tooWide(page, path)));
    // The public pages, as a visitor (no session) in the same language.
    const visitor = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js" });
    const visitorPage = await visitor.newPage();
    if (language === "es")
      await visitorPage.request.post("/resources/preferences", { form: { language: "es", redirectTo: "/" } });
    for (const path of PUBLIC) wide.push(...(await tooWide(visitorPage, path, " (visitor)")));
    await visitor.close();
    expect(wide).toEqual([]);
  });
}
