import path from "node:path";
import { startBackupSchedule } from "~/services/backup.server";
import { getConnection } from "~/services/db.server";
import { env } from "~/services/env.server";
import { createApp } from "./app";

async function main() {
  const config = env();
  // Migrate before taking traffic: a fresh clone gets its database created under data/.
  await getConnection();
  const mode = config.NODE_ENV === "development" ? "development" : "production";
  const app = await createApp({ mode, root: path.resolve(process.cwd()) });
  const server = app.listen(config.PORT, config.HOST, () => {
    const shown = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
    console.log(`TradeDesk (${mode}) listening on http://${shown}:${config.PORT}`);
  });
  // Daily backups for accounts with auto backup on (checked hourly; the timer never keeps the process alive).
  const stopBackups = startBackupSchedule();
  const stop = () => {
    stopBackups();
    server.close(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
