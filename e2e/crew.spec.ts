import { expect, test, type Browser, type Page } from "@playwright/test";
import { invitationLink, loginViaUi, newUser, outboxMails, registerViaApi, sidebar, toast, uniqueEmail } from "./utils";

// A crew in the browser, with JavaScript on and off: the owner invites a technician and assigns
// them a job and a visit; the technician works through their day (On my way, a note, Complete,
// completing the job), cannot open what is not theirs, and the owner sees who did it. Then the
// same day in Spanish. (The e2e server has no SMTP_URL: e-mails land in data/outbox/.)

/** Today in UTC (a new account's zone) a few minutes from now, as the API's ISO instant and its day. */
function soon() {
  const at = new Date(Date.now() + 3 * 60_000);
  return { iso: at.toISOString(), day: at.toISOString().slice(0, 10) };
}

/** The owner invites `name` as a technician from Settings → Team; they join in a browser of their own. */
async function inviteTechnician(page: Page, browser: Browser, javaScript: boolean, name: string, spanish = false) {
  const address = uniqueEmail("tech");
  await page.goto("/app/settings/team");
  await page.getByLabel(spanish ? "Correo electrónico" : "Email", { exact: true }).fill(address);
  await page.getByLabel(spanish ? "Función" : "Role", { exact: true }).selectOption("technician");
  await page.getByRole("button", { name: spanish ? "Enviar invitación" : "Send invitation" }).click();
  await expect(toast(page)).toContainText(spanish ? "Invitación enviada" : "Invitation sent");
  const context = await browser.newContext({ javaScriptEnabled: javaScript, locale: spanish ? "es-ES" : "en-US" });
  const tech = await context.newPage();
  await tech.goto(invitationLink(address));
  await tech.getByLabel(spanish ? "Su nombre" : "Your name").fill(name);
  await tech.getByLabel(spanish ? "Elija una contraseña" : "Choose a password").fill("tech-secret-1");
  await tech.getByLabel(spanish ? "Confirme la contraseña" : "Confirm password").fill("tech-secret-1");
  await tech.getByRole("button", { name: spanish ? "Unirse" : "Join" }).click();
  await expect(tech).toHaveURL(/\/app\/my-day$/);
  const team = (await (await page.request.get("/api/team")).json()) as { members: { id: string; name: string }[] };
  const memberId = team.members.find((member) => member.name === name)!.id;
  return { tech, context, memberId };
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

test("the owner assigns a technician's day; the technician works through it; the owner sees who did it", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const owner = await registerViaApi(request, newUser("crew"));
  await loginViaUi(page, owner);
  const customerEmail = uniqueEmail("carla");
  const customer = await post<{ id: string }>(page, "/api/customers", {
    name: "Carla Díaz",
    email: customerEmail,
    phone: "(512) 555-0100",
    address: "12 Oak St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
  });

  const { tech, context, memberId } = await inviteTechnician(page, browser, javaScript, "Tomás Técnico");
  await expect(tech.getByRole("heading", { name: "My day", level: 1 })).toBeVisible();
  await expect(tech.getByText("No visits assigned to you on this day.")).toBeVisible();
  await expect(sidebar(tech).getByRole("link", { name: "My day" })).toBeVisible();
  await expect(sidebar(tech).getByRole("link", { name: "Invoices" })).toHaveCount(0);

  // The owner assigns the job in its dialog, and a visit of it for today.
  const job = await post<{ id: string }>(page, "/api/jobs", {
    customerId: customer.id,
    title: "Panel upgrade",
    totalAmount: "2400.00",
  });
  const otherJob = await post<{ id: string }>(page, "/api/jobs", { customerId: customer.id, title: "Nobody's job" });
  await page.goto(`/app/jobs/${job.id}/edit`);
  await page.getByLabel("Assigned to").selectOption({ label: "Tomás Técnico (Technician)" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Job updated");
  const row = page.getByRole("row").filter({ hasText: "Panel upgrade" });
  await expect(row.getByTestId("job-assignee")).toContainText("Tomás Técnico");
  const when = soon();
  await post(page, "/api/appointments", {
    customerId: customer.id,
    jobId: job.id,
    title: "Swap the panel",
    scheduledDate: when.iso,
    assigneeId: memberId,
    notes: "Dog in the yard",
  });

  // The technician's day.
  await tech.goto(`/app/my-day?day=${when.day}`);
  const card = tech.getByTestId("visit-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Swap the panel");
  await expect(card).toContainText("Carla Díaz");
  await expect(card).toContainText("Dog in the yard");
  await expect(card.getByRole("link", { name: /Open in maps: 12 Oak St, Austin, TX 78701/ })).toBeVisible();
  await expect(card.getByRole("link", { name: "Call Carla Díaz" })).toHaveAttribute("href", "tel:(512) 555-0100");

  await card.getByRole("button", { name: "On my way" }).click();
  await expect(toast(tech)).toContainText("The customer knows you are on the way");
  await expect(tech.getByTestId("visit-card").getByRole("button", { name: "On my way sent" })).toBeDisabled();
  await expect.poll(() => outboxMails(customerEmail).filter((raw) => raw.includes("Swap the panel")).length).toBe(1);

  await tech.getByText("Add a note").click();
  await tech.getByLabel("Note for the office").fill("Breaker 12 is scorched");
  await tech.getByRole("button", { name: "Save note" }).click();
  await expect(toast(tech)).toContainText("Note added");

  await tech.getByTestId("visit-card").getByRole("button", { name: "Complete" }).click();
  await expect(toast(tech)).toContainText("Visit completed");
  const offer = tech.getByTestId("complete-job-offer");
  await expect(offer).toContainText("That was the last open visit of “Panel upgrade”");
  await offer.getByRole("button", { name: "Complete the job" }).click();
  await expect(toast(tech)).toContainText("Job completed");
  await expect(tech.getByText("No open jobs assigned to you.")).toBeVisible();

  // Not theirs: another job answers 404, the invoices 403.
  const foreign = await tech.goto(`/app/my-day/jobs/${otherJob.id}`);
  expect(foreign!.status()).toBe(404);
  const invoices = await tech.goto("/app/invoices");
  expect(invoices!.status()).toBe(403);
  await expect(tech.getByRole("heading", { name: "You don't have access" })).toBeVisible();

  // The owner sees who did it.
  await page.goto("/app/notifications");
  await expect(page.getByTestId("notification-list")).toContainText(
    "Tomás Técnico (Technician) completed the visit “Swap the panel” at Carla Díaz",
  );
  await page.goto(`/app/jobs/${job.id}`);
  const detail = page.getByTestId("job-detail");
  await expect(detail.getByTestId("job-assignee")).toContainText("Tomás Técnico");
  const events = detail.getByTestId("visit-events");
  await expect(events).toContainText("On the way · Tomás Técnico (Technician)");
  await expect(events).toContainText("Breaker 12 is scorched");
  await expect(events).toContainText("Completed · Tomás Técnico (Technician)");

  // Removed from the team: the technician's next request is signed out.
  await page.goto("/app/settings/team");
  await page.getByRole("link", { name: "Remove: Tomás Técnico" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove: Tomás Técnico" }).click();
  await expect(toast(page)).toContainText("Member removed");
  await tech.goto("/app/my-day");
  await expect(tech).toHaveURL(/\/login\?redirectTo=/);
  await context.close();
});

test("in Spanish: a technician's day reads Mi día, and Empezar starts the visit", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const owner = await registerViaApi(request, newUser("cuadrilla"));
  await loginViaUi(page, owner);
  await page.getByRole("button", { name: "ES", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const customer = await post<{ id: string }>(page, "/api/customers", { name: "Luis Gómez", phone: "555-0199" });
  const { tech, context, memberId } = await inviteTechnician(page, browser, javaScript, "Ana Torres", true);
  const when = soon();
  await post(page, "/api/appointments", {
    customerId: customer.id,
    title: "Revisar el calentador",
    scheduledDate: when.iso,
    assigneeId: memberId,
  });
  await tech.goto(`/app/my-day?day=${when.day}`);
  await expect(tech.getByRole("heading", { name: "Mi día", level: 1 })).toBeVisible();
  const card = tech.getByTestId("visit-card");
  await expect(card).toContainText("Revisar el calentador");
  // No e-mail on file: En camino cannot be sent, and the card says why.
  await expect(card.getByRole("button", { name: "En camino" })).toBeDisabled();
  await expect(card).toContainText("Sin correo registrado");
  await card.getByRole("button", { name: "Empezar" }).click();
  await expect(toast(tech)).toContainText("Visita empezada");
  await expect(tech.getByTestId("visit-card")).toContainText("En curso");
  await expect(tech.getByTestId("visit-card").getByRole("button", { name: "Completar" })).toBeVisible();
  await context.close();
});
