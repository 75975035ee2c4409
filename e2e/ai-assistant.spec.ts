import { expect, test, type Page } from "@playwright/test";
import { registerViaApi, toast } from "./utils";

// The estimate editor's AI assistant, with JavaScript on (posts through Remix, no page
// load) and off (plain form posts that render the editor again). The e2e server has no
// OPENAI_API_KEY, so the built-in estimator answers.

async function apiCustomer(page: Page, name: string) {
  const response = await page.request.post("/api/customers", { data: { name, email: "ana@example.com" } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

async function openAssistant(page: Page) {
  await page.goto("/app/estimates/new");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create Estimate" })).toBeVisible();
  const assistant = dialog.getByTestId("ai-assistant");
  await assistant.getByText("AI assistant").click();
  await expect(assistant.getByLabel("Job description")).toBeVisible();
  return { dialog, assistant };
}

test("the assistant suggests items, adds two of them, and the estimate saves with their total", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const errors = collectErrors(page);
  await registerViaApi(page.request);
  const tag = Math.random().toString(36).slice(2, 7);
  const customer = await apiCustomer(page, `Ana ${tag} Ruiz`);
  const { dialog, assistant } = await openAssistant(page);

  // With JavaScript the posts go through Remix: the page is never reloaded.
  if (javaScript) await page.evaluate(() => Object.assign(window, { samePage: true }));
  // Typed before analyzing: kept through the posts.
  await dialog.getByLabel("Title").fill("Panel upgrade");
  await assistant.getByLabel("Job description").fill("Replace 3 outlets and install a 200 amp panel");
  await assistant.getByLabel("Job type").selectOption({ label: "Electrical" });
  await assistant.getByRole("button", { name: "Analyze" }).click();

  await expect(toast(page)).toContainText("AI Analysis Complete");
  await expect(toast(page)).toContainText("Found 7 suggested items");
  await expect(assistant.getByTestId("ai-source")).toHaveText("Built-in estimator");
  const suggestions = assistant.getByTestId("ai-suggestion");
  await expect(suggestions).toHaveCount(7);
  await expect(suggestions.first()).toContainText("Tamper-resistant duplex receptacle with cover plate, 15 A");
  await expect(suggestions.first()).toContainText("3 each");
  await expect(suggestions.first().getByTestId("ai-total")).toHaveText("$18.00");
  await expect(suggestions.first()).toContainText("3 outlets (from the description)");
  await expect(assistant.getByText("Market analysis")).toBeVisible();
  await expect(assistant.getByTestId("ai-time")).toContainText("About 11.5 labor hours");
  // Labor is counted in hours, written as a person would.
  await expect(suggestions.getByTestId("ai-quantity").filter({ hasText: "hour" }).first()).toHaveText(/^\d+(\.\d+)? hours$/);
  await expect(assistant.getByTestId("ai-risks")).toContainText("permit");
  await expect(assistant.getByLabel("Job description")).toHaveValue("Replace 3 outlets and install a 200 amp panel");
  await expect(assistant.getByLabel("Job type")).toHaveValue("electrical");
  await expect(dialog.getByLabel("Title")).toHaveValue("Panel upgrade");
  await expect(dialog.getByTestId("line-item")).toHaveCount(1);

  // Nothing picked: a clear message, nothing added.
  await assistant.getByRole("button", { name: "Add to estimate" }).click();
  await expect(toast(page)).toContainText("Select at least one suggested item to add to the estimate.");
  await expect(dialog.getByTestId("line-item")).toHaveCount(1);

  await assistant.getByRole("checkbox", { name: "Tamper-resistant duplex receptacle with cover plate, 15 A" }).check();
  await assistant.getByRole("checkbox", { name: "200 A main breaker load center, 40 spaces" }).check();
  await assistant.getByRole("button", { name: "Add to estimate" }).click();
  await expect(toast(page)).toContainText("Items Added");

  // They replace the empty first row.
  await expect(dialog.getByTestId("line-item")).toHaveCount(2);
  await expect(dialog.getByLabel("Line 1 description")).toHaveValue("Tamper-resistant duplex receptacle with cover plate, 15 A");
  await expect(dialog.getByLabel("Line 1 quantity")).toHaveValue("3");
  await expect(dialog.getByLabel("Line 1 unit price")).toHaveValue("6.00");
  await expect(dialog.getByLabel("Line 2 description")).toHaveValue("200 A main breaker load center, 40 spaces");
  await expect(dialog.getByLabel("Line 2 unit price")).toHaveValue("350.00");
  await expect(dialog.getByTestId("line-total")).toHaveText(["$18.00", "$350.00"]);
  // 368.00 + 8.25% (30.36) = 398.36.
  await expect(dialog.getByTestId("subtotal")).toHaveText("$368.00");
  await expect(dialog.getByTestId("total")).toHaveText("$398.36");
  await expect(assistant.getByTestId("ai-suggestion").filter({ hasText: "Added" })).toHaveCount(2);
  await expect(assistant.getByRole("checkbox", { name: "200 A main breaker load center, 40 spaces" })).toBeDisabled();
  await expect(dialog.getByLabel("Title")).toHaveValue("Panel upgrade");

  if (javaScript) expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  await dialog.getByLabel("Customer").selectOption({ label: customer.name });
  await dialog.getByRole("button", { name: "Create Estimate" }).click();
  await expect(page).toHaveURL(/\/app\/estimates$/);
  await expect(toast(page)).toContainText("Estimate created");
  const row = page.getByTestId("estimates-table").getByRole("row").filter({ hasText: "Panel upgrade" });
  await expect(row.getByTestId("estimate-total")).toHaveText("$398.36");
  await expect(row.getByTestId("estimate-item-count")).toHaveText("2");
  expect(errors).toEqual([]);
});

test("the assistant asks for a description and a job type", async ({ page }) => {
  await registerViaApi(page.request);
  await apiCustomer(page, "Bob Builder");
  const { dialog, assistant } = await openAssistant(page);

  await assistant.getByRole("button", { name: "Analyze" }).click();
  await expect(toast(page)).toContainText("Missing Information");
  await expect(toast(page)).toContainText("Please provide job description and type");
  await expect(assistant.getByText("Describe the job", { exact: true })).toBeVisible();
  await expect(assistant.getByTestId("ai-result")).toHaveCount(0);

  // A description alone is not enough either; what was typed stays.
  await assistant.getByLabel("Job description").fill("Paint 2 bedrooms");
  await assistant.getByRole("button", { name: "Analyze" }).click();
  await expect(toast(page)).toContainText("Please provide job description and type");
  await expect(assistant.getByLabel("Job description")).toHaveValue("Paint 2 bedrooms");
  await expect(assistant.getByLabel("Job type")).toHaveAttribute("aria-invalid", "true");

  await assistant.getByLabel("Job type").selectOption({ label: "Painting" });
  await assistant.getByRole("button", { name: "Analyze" }).click();
  await expect(toast(page)).toContainText("Found 3 suggested items");
  await expect(assistant.getByTestId("ai-suggestion").first()).toContainText("Interior latex paint, premium");
  await expect(dialog.getByTestId("line-item")).toHaveCount(1);
});
