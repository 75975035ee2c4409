import { rmSync } from "node:fs";

/** Deletes the run's database and files folder (playwright.config.ts names them) once the server has stopped. */
export default function globalTeardown() {
  const files = process.env.E2E_FILES_DIR;
  if (files?.startsWith("data/e2e-")) rmSync(files, { recursive: true, force: true });
  const file = process.env.E2E_DATABASE_FILE;
  if (!file || !file.startsWith("data/e2e-")) return;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
}
