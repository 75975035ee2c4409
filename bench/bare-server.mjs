// The ceiling: a bare node:http server answering one fixed HTML page of about the size of
// a real TradeDesk page (BARE_PAGE_BYTES, default 5 KB), with no framework, database or
// rendering. What TradeDesk serves per second is reported as a share of what this serves.
import http from "node:http";

const port = Number(process.env.PORT);
const host = process.env.HOST ?? "127.0.0.1";
const size = Number(process.env.BARE_PAGE_BYTES ?? 5 * 1024);

const row = (i) => `<tr><td>Customer ${i}</td><td>(512) 555-01${String(i % 100).padStart(2, "0")}</td><td>Austin, TX</td></tr>\n`;
let rows = "";
for (let i = 0; ; i++) {
  const next = rows + row(i);
  if (next.length + 200 > size) break;
  rows = next;
}
const head = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Ceiling</title></head><body><table>\n';
const tail = "</table></body></html>\n";
const page = Buffer.from((head + rows + tail).padEnd(size, " "));

http
  .createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length });
    res.end(page);
  })
  .listen(port, host, () => console.log(`bare node:http on http://${host}:${port} (${page.length} bytes)`));
