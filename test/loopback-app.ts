// An Express app on loopback for the middleware tests: the middleware under test, then
// "ok" for whatever gets through. Servers are closed after each test.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach } from "vitest";

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

export async function serve(setup: (app: express.Express) => void): Promise<string> {
  const app = express();
  setup(app);
  app.all("*", (_req, res) => res.status(200).send("ok"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
