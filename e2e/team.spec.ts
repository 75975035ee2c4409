import { expect, test } from "@playwright/test";
import { invitationLink, loginViaUi, newUser, registerViaApi, sidebar, toast, uniqueEmail } from "./utils";

// The team in the browser, with JavaScript on and off: the owner invites a technician from
// Settings → Team, the technician joins from the e-mail's link (the e2e server has no SMTP_URL,
// so the e-mail lands in data/outbox/), sees only what a technician may open, and is signed
// out the moment the owner removes them.

test("the owner invites a technician, who joins from the link, sees only their part, and is removed", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const owner = await registerViaApi(request, newUser("owner"));
  await loginViaUi(page, owner);
  await page.goto("/app/settings");
  await page.getByRole("link", { name: "Team", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expect(page.getByTestId("team-member")).toHaveCount(1);

  // Bad input first: nothing is kept.
  const address = uniqueEmail("tech");
  await page.getByLabel("Email", { exact: true }).fill(owner.email);
  await page.getByLabel("Role", { exact: true }).selectOption("technician");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("This address is already a member of this account")).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(address);
  await page.getByLabel("Role", { exact: true }).selectOption("technician");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page)).toContainText("Invitation sent");
  await expect(page.getByTestId("team-invitations")).toContainText(address);
  const link = invitationLink(address);

  // The technician, in a browser of their own.
  const techContext = await browser.newContext({ javaScriptEnabled: javaScript });
  const tech = await techContext.newPage();
  await tech.goto(link);
  await expect(tech.getByRole("heading", { name: "Join Your Trade Company", level: 1 })).toBeVisible();
  await expect(tech.getByText(`Your Trade Company invited ${address} to TradeDesk as Technician.`)).toBeVisible();
  await tech.getByLabel("Your name").fill("Tomás Técnico");
  await tech.getByLabel("Choose a password").fill("tech-secret-1");
  await tech.getByLabel("Confirm password").fill("tech-secret-2");
  await tech.getByRole("button", { name: "Join" }).click();
  await expect(tech.getByText("Passwords do not match")).toBeVisible();
  await tech.getByLabel("Choose a password").fill("tech-secret-1");
  await tech.getByLabel("Confirm password").fill("tech-secret-1");
  await tech.getByRole("button", { name: "Join" }).click();
  await expect(tech).toHaveURL(/\/app\/my-day$/);
  await expect(toast(tech)).toContainText("Welcome to Your Trade Company!");
  await expect(sidebar(tech).getByText("Technician", { exact: true })).toBeVisible();
  await expect(sidebar(tech).getByRole("link", { name: "Invoices" })).toHaveCount(0);
  await expect(sidebar(tech).getByRole("link", { name: "Reports" })).toHaveCount(0);

  // A page their role does not include: refused inside the shell.
  const refused = await tech.goto("/app/invoices");
  expect(refused!.status()).toBe(403);
  await expect(tech.getByRole("heading", { name: "You don't have access" })).toBeVisible();

  // The link worked once.
  const used = await tech.goto(link);
  expect(used!.status()).toBe(404);
  await expect(tech.getByRole("heading", { name: "This invitation is not valid" })).toBeVisible();

  // The owner sees the new member and removes them.
  await page.reload();
  const row = page.getByTestId("team-member").filter({ hasText: "Tomás Técnico" });
  await expect(row).toContainText(address);
  await expect(page.getByTestId("team-invitations")).toHaveCount(0);
  // Remove asks first, on the page (with JavaScript or without); Cancel keeps them.
  await row.getByRole("link", { name: "Remove: Tomás Técnico" }).click();
  const confirm = row.getByRole("alertdialog");
  await expect(confirm).toContainText("Remove Tomás Técnico from the team?");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(row.getByRole("alertdialog")).toHaveCount(0);
  await row.getByRole("link", { name: "Remove: Tomás Técnico" }).click();
  await row.getByRole("alertdialog").getByRole("button", { name: "Remove: Tomás Técnico" }).click();
  await expect(toast(page)).toContainText("Member removed");
  await expect(page.getByTestId("team-member")).toHaveCount(1);

  // Their next request is signed out.
  await tech.goto("/app/notifications");
  await expect(tech).toHaveURL(/\/login\?redirectTo=/);
  await techContext.close();
});

test("in Spanish: an office member joins, works with the account's money, and is kept out of the team", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  const owner = await registerViaApi(request, newUser("dueno"));
  await loginViaUi(page, owner);
  await page.getByRole("button", { name: "ES", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/app/settings");
  await page.getByRole("link", { name: "Equipo", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Equipo", level: 1 })).toBeVisible();

  const address = uniqueEmail("oficina");
  await page.getByLabel("Correo electrónico", { exact: true }).fill("no-es-un-correo");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText("Introduzca un correo electrónico válido")).toBeVisible();
  await page.getByLabel("Correo electrónico", { exact: true }).fill(address);
  await page.getByLabel("Función", { exact: true }).selectOption("office");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(toast(page)).toContainText("Invitación enviada");

  const officeContext = await browser.newContext({ javaScriptEnabled: javaScript, locale: "es-ES" });
  const office = await officeContext.newPage();
  await office.goto(invitationLink(address));
  await expect(office.getByRole("heading", { name: "Unirse a Your Trade Company", level: 1 })).toBeVisible();
  await office.getByLabel("Su nombre").fill("Olga Oficina");
  await office.getByLabel("Elija una contraseña").fill("oficina-secreta");
  await office.getByLabel("Confirme la contraseña").fill("oficina-secreta");
  await office.getByRole("button", { name: "Unirse" }).click();
  await expect(office).toHaveURL(/\/app$/);
  await expect(sidebar(office).getByText("Oficina", { exact: true })).toBeVisible();
  await expect(sidebar(office).getByRole("link", { name: "Facturas", exact: true })).toBeVisible();

  // The team is the owner's: the office member is refused it, in Spanish.
  const refused = await office.goto("/app/settings/team");
  expect(refused!.status()).toBe(403);
  await expect(office.getByRole("heading", { name: "No tiene acceso" })).toBeVisible();
  await officeContext.close();
});
