// The start-up check of server/patched-packages.ts: it passes on this install (npm ci applied
// the patches of patches/), its list is the patches/ folder, and on an install without a patch
// (a package file as published, without the patch's marker) it throws, naming the patch and
// what to run.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertPackagesPatched, installedPackageFolder, missingPackagePatches, PACKAGE_PATCHES } from "./patched-packages";

const root = path.resolve(import.meta.dirname, "..");
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A folder whose node_modules holds a copy of each patched package's package.json and patched
 * files, as installed here; `unpatch` lists "name/file" copies whose markers are taken out.
 */
function copiedInstall(unpatch: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "td-patches-"));
  dirs.push(dir);
  for (const patch of PACKAGE_PATCHES) {
    const installed = installedPackageFolder(patch.name)!;
    const copy = path.join(dir, "node_modules", patch.name);
    mkdirSync(copy, { recursive: true });
    copyFileSync(path.join(installed, "package.json"), path.join(copy, "package.json"));
    // The entry point Node resolves the package by (an empty file when the patch does not change it).
    const { main } = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as { main: string };
    mkdirSync(path.dirname(path.join(copy, main)), { recursive: true });
    writeFileSync(path.join(copy, main), "");
    for (const { file, marker } of patch.files) {
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      const text = readFileSync(path.join(installed, file), "utf8");
      writeFileSync(path.join(copy, file), unpatch.includes(`${patch.name}/${file}`) ? text.replaceAll(marker, "") : text);
    }
  }
  return dir;
}

describe("assertPackagesPatched", () => {
  it("passes on this install: every patched file carries its patch's marker", () => {
    expect(missingPackagePatches()).toEqual([]);
    expect(() => assertPackagesPatched()).not.toThrow();
  });

  it("knows exactly the patches of patches/, for the installed versions and the files they change", () => {
    const files = readdirSync(path.join(root, "patches")).filter((f) => f.endsWith(".patch"));
    expect(PACKAGE_PATCHES.map((p) => p.patchFile).sort()).toEqual(files.sort());
    for (const patch of PACKAGE_PATCHES) {
      const text = readFileSync(path.join(root, "patches", patch.patchFile), "utf8");
      const changed = [...text.matchAll(/^\+\+\+ b\/node_modules\/(.+)$/gm)].map((m) => m[1]);
      expect(changed.sort()).toEqual(patch.files.map(({ file }) => `${patch.name}/${file}`).sort());
      for (const { marker } of patch.files) expect(text).toContain(`+ * ${marker}\n`);
      // patch-package names a patch by the version it was made for: the one installed.
      const { version } = JSON.parse(readFileSync(path.join(installedPackageFolder(patch.name)!, "package.json"), "utf8"));
      expect(patch.patchFile).toBe(`${patch.name.replace("/", "+")}+${version}.patch`);
    }
  });

  it("passes on a copy of the patched files, and fails, naming the patch, on a file without its marker", () => {
    expect(missingPackagePatches({ root: copiedInstall([]) })).toEqual([]);

    const copy = copiedInstall(["@remix-run/react/dist/server.js"]);
    expect(missingPackagePatches({ root: copy }).map(({ patch }) => patch.name)).toEqual(["@remix-run/react"]);
    let message = "";
    try {
      assertPackagesPatched({ root: copy });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("patches to installed packages are missing (1 of 3)");
    expect(message).toContain(
      `@remix-run/react: patches/@remix-run+react+2.17.5.patch (${path.join(copy, "node_modules/@remix-run/react/dist/server.js")} lacks the patch's marker)`,
    );
    expect(message).toContain("Run `npm ci`");
    expect(message).toContain("`npx patch-package`");
    expect(message).not.toContain("@remix-run/router");
  });

  it("names every missing patch: the router's server build without its marker, a package not installed", () => {
    const copy = copiedInstall(["@remix-run/router/dist/router.cjs.js"]);
    rmSync(path.join(copy, "node_modules/@react-pdf"), { recursive: true });
    expect(() => assertPackagesPatched({ root: copy })).toThrow(
      /missing \(2 of 3\):\n {2}- @remix-run\/router: patches\/@remix-run\+router\+1\.23\.3\.patch \(.*router\.cjs\.js lacks the patch's marker\)\n {2}- @react-pdf\/layout: patches\/@react-pdf\+layout\+5\.2\.0\.patch \(the package is not installed\)\n/,
    );
  });
});
