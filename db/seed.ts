// `npm run db:seed`: a demo account with a believable small trade business. Safe to run
// again: the demo account keeps its id (and anyone signed in stays signed in) but its
// business data, password and settings are reset before the new data goes in.
import { eq } from "drizzle-orm";
import { getConnection, resetConnection } from "~/infrastructure/db.server";
import { env } from "~/infrastructure/env.server";
import { normalizeEmail } from "~/lib/email";
import { createUser, hashPassword } from "~/models/user.server";
import { clearAccountData, seedAccount } from "./factories";
import { accountSettings, users } from "./schema";

const DEMO = { name: "Demo Contractor", email: "demo@tradedesk.app", password: "demo1234" };

const COMPANY = {
  companyName: "Bluebonnet Electric, Plumbing & Air",
  address: "4100 Burnet Rd, Austin, TX 78756",
  phone: "(512) 555-0142",
  email: "office@bluebonnet-trades.example.com",
  website: "www.bluebonnet-trades.example.com",
};

const COUNTS = { customers: 25, jobs: 40, estimates: 30, invoices: 15, appointments: 30, notifications: 8 };

async function main() {
  const { db } = await getConnection();
  const email = normalizeEmail(DEMO.email);
  const existing = await db.query.users.findFirst({ where: eq(users.email, email) });

  // A fresh account gets its settings row from createUser; an existing one is reset below.
  const accountId = existing?.id ?? (await createUser(DEMO)).id;
  const passwordHash = existing ? await hashPassword(DEMO.password) : null;

  // One transaction: a seed that fails halfway leaves the previous demo data in place.
  const seeded = await db.transaction(async (tx) => {
    if (passwordHash) {
      await clearAccountData(tx, accountId);
      await tx.update(users).set({ name: DEMO.name, passwordHash, updatedAt: new Date() }).where(eq(users.id, accountId));
    }
    await tx.delete(accountSettings).where(eq(accountSettings.accountId, accountId));
    await tx.insert(accountSettings).values({ accountId, ...COMPANY });
    return seedAccount(tx, accountId, COUNTS, { seed: 2025 });
  });
  console.log(existing ? `Reset the existing demo account (${email}).` : `Created the demo account (${email}).`);

  const url = env().APP_URL ?? `http://localhost:${env().PORT}`;
  console.log(
    [
      "",
      `Seeded ${COMPANY.companyName}:`,
      `  ${seeded.customers} customers, ${seeded.jobs} jobs, ${seeded.estimates} estimates (${seeded.estimateItems} line items),`,
      `  ${seeded.invoices} invoices (${seeded.invoiceItems} line items), ${seeded.appointments} appointments, ${seeded.notifications} notifications`,
      "",
      `Sign in at ${new URL("/login", url).href}`,
      `  Email:    ${DEMO.email}`,
      `  Password: ${DEMO.password}`,
      "",
    ].join("\n"),
  );
}

main()
  .then(() => resetConnection())
  .catch(async (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await resetConnection().catch(() => undefined);
    process.exit(1);
  });
