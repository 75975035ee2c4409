// For a test file that sends mail: one real SMTP server on loopback for the whole file, set as
// the app's SMTP_URL; what it received is emptied after each test.
import { afterAll, afterEach, beforeAll } from "vitest";
import { env } from "~/infrastructure/env.server";
import { startSmtpServer, type ReceivedMail } from "./smtp-server";

export function captureMail() {
  let server: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  const mail = { url: "", received: [] as ReceivedMail[] };
  beforeAll(async () => {
    server = await startSmtpServer();
    mail.url = server.url;
    mail.received = server.received;
    env().SMTP_URL = server.url;
  });
  afterAll(async () => {
    env().SMTP_URL = undefined;
    await server?.close();
  });
  afterEach(() => {
    mail.received.length = 0;
  });
  return mail;
}
