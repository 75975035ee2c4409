/**
 * TradeDesk changes three installed packages with patch-package (the `.patch` files in
 * `patches/`, applied by `npm ci`'s postinstall; docs/decisions/026). An install that skipped
 * it (`npm ci --ignore-scripts`, a copied `node_modules`) would run with the packages as
 * published: slower route matching and PDFs, nothing that fails by itself. The server calls
 * `assertPackagesPatched()` at start, so such an install stops with a message that says so,
 * instead of running quietly without the changes.
 *
 * Each patch puts a marker comment (`tradedesk-patch: …`) in every file it changes; the check
 * reads those files where Node resolves the packages and looks for the markers.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface PackagePatch {
  /** The package, as npm names it. */
  name: string;
  /** The patch file that changes it, in the project's `patches/` folder. */
  patchFile: string;
  /** Each file the patch changes (relative to the package's folder) and the marker it adds there. */
  files: { file: string; marker: string }[];
}

/** The patches in `patches/`, one per package (a test keeps this list and the folder the same). */
export const PACKAGE_PATCHES: readonly PackagePatch[] = [
  {
    name: "@remix-run/router",
    patchFile: "@remix-run+router+1.23.3.patch",
    files: [
      // Node's build keeps each path's matches too; the browser's build (Vite bundles it) does not.
      { file: "dist/router.cjs.js", marker: "tradedesk-patch: cached route matching, kept matches" },
      { file: "dist/router.js", marker: "tradedesk-patch: cached route matching" },
    ],
  },
  {
    name: "@remix-run/react",
    patchFile: "@remix-run+react+2.17.5.patch",
    files: [
      // Node loads dist/server.js (the package's main); Vite's development server may load the ESM build.
      { file: "dist/server.js", marker: "tradedesk-patch: server routes kept per build" },
      { file: "dist/esm/server.js", marker: "tradedesk-patch: server routes kept per build" },
    ],
  },
  {
    name: "@react-pdf/layout",
    patchFile: "@react-pdf+layout+5.2.0.patch",
    files: [{ file: "lib/index.js", marker: "tradedesk-patch: page numbers resolved in their own boxes" }],
  },
];

export interface MissingPatch {
  patch: PackagePatch;
  /** Why it counts as missing: the package is not found, or a file lacks its marker. */
  reason: string;
}

/** A `require` that resolves as a module in `root` would, or as this module does. */
function requireFrom(root: string | undefined): NodeJS.Require {
  return createRequire(root === undefined ? import.meta.url : path.join(path.resolve(root), "noop.js"));
}

/**
 * The folder of the installed package `name` as Node finds it from `root` (default: this
 * module's folder): the entry point it resolves to, then up to the folder whose package.json
 * carries that name (a package need not export its package.json, so that cannot always be
 * resolved directly). Null when the package is not found.
 */
export function installedPackageFolder(name: string, root?: string): string | null {
  const require = requireFrom(root);
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    return null;
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    try {
      if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === name) return dir;
    } catch {
      // not a package's manifest (unreadable or not JSON): keep looking up
    }
  }
  return null;
}

export interface PatchCheckOptions {
  /**
   * The folder to resolve the packages from, as Node would from a module in it (it finds
   * `<folder>/node_modules`, then its parents'). Default: this module's folder, so the
   * packages the server itself loads.
   */
  root?: string;
  /** The patches to look for. Default: PACKAGE_PATCHES. */
  patches?: readonly PackagePatch[];
}

/** The patches that the installed packages do not carry. */
export function missingPackagePatches(options: PatchCheckOptions = {}): MissingPatch[] {
  const { root, patches = PACKAGE_PATCHES } = options;
  const missing: MissingPatch[] = [];
  for (const patch of patches) {
    const folder = installedPackageFolder(patch.name, root);
    if (folder === null) {
      missing.push({ patch, reason: "the package is not installed" });
      continue;
    }
    for (const { file, marker } of patch.files) {
      let text = "";
      try {
        text = readFileSync(path.join(folder, file), "utf8");
      } catch {
        missing.push({ patch, reason: `${path.join(folder, file)} is missing` });
        break;
      }
      if (!text.includes(marker)) {
        missing.push({ patch, reason: `${path.join(folder, file)} lacks the patch's marker` });
        break;
      }
    }
  }
  return missing;
}

/**
 * Throws when an installed package lacks TradeDesk's patch (see the top of this file), naming
 * each missing patch and how to apply them. Call it once at start, before serving.
 */
export function assertPackagesPatched(options: PatchCheckOptions = {}): void {
  const missing = missingPackagePatches(options);
  if (missing.length === 0) return;
  const lines = missing.map(({ patch, reason }) => `  - ${patch.name}: patches/${patch.patchFile} (${reason})`);
  throw new Error(
    [
      `TradeDesk's patches to installed packages are missing (${missing.length} of ${(options.patches ?? PACKAGE_PATCHES).length}):`,
      ...lines,
      "An install that runs no install scripts (npm ci --ignore-scripts), or a node_modules copied from elsewhere, leaves them out.",
      "Run `npm ci` (its postinstall applies them), or `npx patch-package` on the installed packages; see patches/README.md.",
    ].join("\n"),
  );
}
