import { rmSync } from "node:fs";

/** Deletes the run's database (playwright.config.ts names it) once the server has stopped. */
export default function globalTeardown() {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file || !file.startsWith("data/e2e-")) return;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
}
