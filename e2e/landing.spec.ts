import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
  });

  test("shows the hero with the free trial offer", async ({ page }) => {
    await expect(page).toHaveTitle(/TradeDesk/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Run your whole trade business from your phone");
    await expect(page.getByText("14-day free trial · No credit card required")).toBeVisible();
    await expect(page.getByText("Start with a 14-day free trial. No credit card required.")).toBeVisible();
  });

  test("shows the four result claims", async ({ page }) => {
    const results = page.getByTestId("results");
    await expect(results.locator("dd")).toHaveText(["90%", "25%", "30%", "20-40%"]);
    await expect(results.locator("dt")).toHaveText([
      "faster estimates",
      "higher win rates",
      "profit increase",
      "material cost reduction",
    ]);
    // Each figure is visible next to its label.
    for (const [value, label] of [
      ["90%", "faster estimates"],
      ["25%", "higher win rates"],
      ["30%", "profit increase"],
      ["20-40%", "material cost reduction"],
    ]) {
      const card = results.locator("div").filter({ has: page.getByText(label, { exact: true }) });
      await expect(card.getByText(value, { exact: true })).toBeVisible();
    }
  });

  test("shows three sample testimonials", async ({ page }) => {
    const section = page.locator("#testimonials");
    await expect(section.getByRole("heading", { name: "What contractors say" })).toBeVisible();
    await expect(section.getByText("Sample testimonials")).toBeVisible();
    const quotes = section.locator("figure");
    await expect(quotes).toHaveCount(3);
    await expect(quotes.locator("figcaption")).toHaveText([/Mike R\./, /Sofia G\./, /Dave K\./]);
    for (const quote of await quotes.all()) {
      await expect(quote.locator("blockquote")).not.toBeEmpty();
    }
  });

  test("shows three pricing tiers with prices and limits", async ({ page }) => {
    const tiers = page.locator("#pricing").getByTestId(/^tier-/);
    await expect(tiers).toHaveCount(3);
    // Each feature line is "✓ feature": match the whole line's end, in order.
    const lines = (features: string[]) => features.map((feature) => new RegExp(`${feature}$`));

    const starter = page.getByTestId("tier-starter");
    await expect(starter.getByRole("heading")).toHaveText("Starter");
    await expect(starter).toContainText("$29/month");
    await expect(starter.getByRole("listitem")).toHaveText(
      lines(["Up to 50 customers", "Jobs, estimates and invoices", "Schedule", "E-mail support"]),
    );

    const professional = page.getByTestId("tier-professional");
    await expect(professional.getByRole("heading")).toHaveText("Professional");
    await expect(professional).toContainText("$79/month");
    await expect(professional.getByText("Most popular")).toBeVisible();
    await expect(professional.getByRole("listitem")).toHaveText(
      lines(["Unlimited customers", "AI features", "Advanced reporting", "Team collaboration", "Priority support"]),
    );

    const enterprise = page.getByTestId("tier-enterprise");
    await expect(enterprise.getByRole("heading")).toHaveText("Enterprise");
    await expect(enterprise).toContainText("$149/month");
    await expect(enterprise.getByRole("listitem")).toHaveText(
      lines([
        "Everything in Professional",
        "Custom integrations",
        "Advanced analytics",
        "Dedicated support",
        "White-label options",
      ]),
    );
  });

  test("every button points where the spec says", async ({ page }) => {
    const expected: [name: string, href: string, count: number][] = [
      ["Log In", "/login", 1],
      ["Get Started", "/register", 2], // header and closing call to action
      ["Start Free Trial", "/register", 3], // hero, Starter and Professional tiers
      ["Try AI Features", "/register", 1],
      ["Watch Demo", "/demo", 1],
      ["Schedule Demo", "/demo", 1],
      ["Contact Sales", "/contact-sales", 1],
    ];
    for (const [name, href, count] of expected) {
      const links = page.getByRole("link", { name, exact: true });
      await expect(links, name).toHaveCount(count);
      for (const link of await links.all()) {
        await expect(link, name).toHaveAttribute("href", href);
      }
    }
    await expect(page.getByTestId("tier-enterprise").getByRole("link")).toHaveText("Contact Sales");
  });

  const destinations: { button: string; within?: string; url: RegExp; heading: string }[] = [
    { button: "Log In", url: /\/login$/, heading: "Welcome back" },
    { button: "Get Started", within: "header", url: /\/register$/, heading: "Get started today" },
    { button: "Start Free Trial", url: /\/register$/, heading: "Get started today" },
    { button: "Try AI Features", url: /\/register$/, heading: "Get started today" },
    { button: "Watch Demo", url: /\/demo$/, heading: "Schedule a demo" },
    { button: "Schedule Demo", url: /\/demo$/, heading: "Schedule a demo" },
    { button: "Contact Sales", within: "[data-testid=tier-enterprise]", url: /\/contact-sales$/, heading: "Contact sales" },
  ];
  for (const { button, within, url, heading } of destinations) {
    test(`clicking ${button} opens ${url.source.replace(/\\|\$/g, "")}`, async ({ page }) => {
      const scope = within ? page.locator(within) : page;
      await scope.getByRole("link", { name: button, exact: true }).first().click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });
  }

  test("the footer has anchor links only", async ({ page }) => {
    const links = page.locator("footer a");
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      expect(await link.getAttribute("href")).toMatch(/^#/);
    }
    // An anchor link stays on the landing page and jumps to its section.
    await page.locator("footer").getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.getByRole("heading", { name: "Simple pricing" })).toBeInViewport();
  });
});

// The server serves files from the build's client folder only for paths with an extension
// (server/app.ts, publicFiles): each public file must still be found, with its type.
test("the public files are served, with their types; a page's path is the app's", async ({ request }) => {
  for (const [path, type] of [
    ["/robots.txt", "text/plain"],
    ["/favicon.svg", "image/svg+xml"],
    ["/manifest.webmanifest", "application/manifest+json"],
    ["/icons/icon-512.png", "image/png"],
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=3600");
  }
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /app");
  // A missing file is the app's own 404 page; a path without an extension never reads the disk.
  const missing = await request.get("/no-such-file.txt");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("text/html");
  const page = await request.get("/login");
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("<html");
});
