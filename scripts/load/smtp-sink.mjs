// An SMTP server on loopback that accepts every message and keeps none, for the production
// servers the load test and the benchmark start on a libSQL server: on a shared database the
// app requires SMTP_URL in production (app/infrastructure/env.server.ts), since each machine
// would otherwise keep its e-mails in its own data/outbox/.
import { SMTPServer } from "smtp-server";

/** Starts the sink on a free loopback port: `{ url, received(), close() }`. */
export async function startSmtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
