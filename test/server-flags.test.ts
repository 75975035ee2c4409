// The server's Node options (scripts/server-flags.mjs) are the same in the Docker image, and
// they do cap the heap on the Node that runs them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_HEAP_MB, SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");

describe("the server's Node options", () => {
  it("are the Docker image's NODE_OPTIONS", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    const options = /NODE_OPTIONS="([^"]*)"/.exec(dockerfile)?.[1];
    expect(options?.split(" ")).toEqual(SERVER_NODE_FLAGS);
  });

  it("cap V8's old generation at SERVER_HEAP_MB and keep 16 MB semi-spaces", () => {
    const limit = execFileSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, "-p", "require('v8').getHeapStatistics().heap_size_limit"],
      {
        encoding: "utf8",
      },
    );
    // The limit is the old generation plus the young one (three semi-spaces' worth).
    expect(Number(limit) / 1024 / 1024).toBe(SERVER_HEAP_MB + 3 * 16);
  });

  it("are what npm start runs the server with", () => {
    const start = readFileSync(path.join(root, "scripts/start.mjs"), "utf8");
    expect(start).toMatch(/spawn\(process\.execPath, \[\.\.\.SERVER_NODE_FLAGS, built/);
  });
});
