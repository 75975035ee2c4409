// The test command installs only Chromium (scripts/test.mjs). A test that runs any other
// system program passes on a developer's machine and fails on a fresh one (it happened
// with poppler's PDF-to-text program), so the tests may start only Node itself and npm's commands.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const allowed = new Set(["npm", "npx"]);
const call = /(?<![\w.])(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)\(\s*(["'`])([^"'`]+)\1/g;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.(spec|test)\.tsx?$|^(utils|accounts|requests|route|route-call|pdf-text|mime|setup-db|setup-i18n|tenant-fixtures|global-teardown)\.ts$/.test(
          entry.name,
        ),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function programsStarted(source: string): string[] {
  return [...source.matchAll(call)].map((match) => match[2].trim().split(/\s+/)[0]);
}

describe("tests need no system program the test command does not install", () => {
  it("finds a program started by name", () => {
    // The detector reads source text; these samples are assembled here and never run, and this
    // file itself names no program in a call.
    const called = (fn: string, quote: string, command: string) => `${fn}(${quote}${command}${quote}, ["x"])`;
    expect(programsStarted(called("execFileSync", '"', "some-tool"))).toEqual(["some-tool"]);
    expect(programsStarted(called("execSync", "`", "other-tool --check x"))).toEqual(["other-tool"]);
    expect(programsStarted(called("spawn", "", "process.execPath"))).toEqual([]);
  });

  it("starts only Node (process.execPath), npm and npx", () => {
    // scripts/sqld.mjs installs and starts the libSQL server for the tests.
    const files = [...["app", "db", "server", "test", "e2e"].flatMap(testFiles), path.join(root, "scripts/sqld.mjs")].filter(
      (file) => file !== import.meta.filename,
    );
    expect(files.length).toBeGreaterThan(40);
    const offenders = files.flatMap((file) =>
      programsStarted(readFileSync(file, "utf8"))
        .filter((program) => !allowed.has(program))
        .map((program) => `${path.relative(root, file)}: ${program}`),
    );
    expect(offenders).toEqual([]);
  });
});
