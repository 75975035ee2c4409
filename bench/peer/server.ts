// The peer's server: Express with the same compression middleware as TradeDesk's
// (server/compression.ts, imported, so the settings cannot drift apart) and Remix's Express
// adapter, serving the minimal app built into bench/peer/build. Bundled by bench/cpu.ts
// into bench/peer/build/server.js (npm packages stay external), then run with plain node.
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { compressResponses } from "../../server/compression";

const buildDir = path.join(import.meta.dirname);
const app = express();
app.disable("x-powered-by");
app.use(compressResponses());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
app.all("*", createRequestHandler({ build, mode: "production" }));

const port = Number(process.env.PORT ?? 3811);
const host = process.env.HOST ?? "127.0.0.1";
app.listen(port, host, () => console.log(`peer Remix app on http://${host}:${port}`));
