// Runs after every `npm install` and `npm ci` (package.json "postinstall"): applies TradeDesk's
// small changes to installed packages, each an exact text replacement in a pinned version.
// Idempotent: a file already changed (it holds the marker) is left alone. A file that holds
// neither the marker nor the text to replace fails the install, so a version bump cannot
// silently drop a change. Why each change exists: docs/decisions/021-cached-route-matching.md
// (the router, the libSQL client and drizzle's libSQL session, the server routes) and
// 024-faster-pdfs.md (react-pdf, pdfkit).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const MARKER = "/* tradedesk: cached route matching, kept matches */";

// @remix-run/router ranks every route of the app and compiles a regular expression per route
// on each matchRoutes call; Remix calls it five times per page. Ranked branches are kept per
// routes array (and forgotten when routes are patched in), compiled paths per path.
const BASE_MARKER = "/* tradedesk: cached route matching */";
const routerEdits = (marker, { keepMatches }) => [
  keepMatches
    ? {
        // A path already matched against these routes answers from the kept matches (copies,
        // so a caller that changes one changes nothing kept).
        find: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
        replace: `  let decoded = decodePath(pathname);
  let kept = keptMatches(routes);
  let key = (allowPartial ? "p" : "e") + decoded;
  if (kept.has(key)) return copyMatches(kept.get(key));
  let branches = rankedBranches(routes);
  let matches = null;
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
      }
    : {
        find: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
        replace: "  let branches = rankedBranches(routes);\n",
      },
  ...(keepMatches
    ? [
        {
          find: `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  return matches;
}`,
          replace: `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (kept.size >= 1000) kept.clear();
  kept.set(key, copyMatches(matches));
  return matches;
}`,
        },
      ]
    : []),
  {
    find: "function flattenRoutes(routes, branches, parentsMeta, parentPath) {",
    replace: `${marker}
let rankedBranchCache = new WeakMap();
let matchCache = new WeakMap();
function keptMatches(routes) {
  let kept = matchCache.get(routes);
  if (kept === undefined) {
    kept = new Map();
    matchCache.set(routes, kept);
  }
  return kept;
}
function copyMatches(matches) {
  return matches === null ? null : matches.map((match) => ({ ...match, params: { ...match.params } }));
}
function rankedBranches(routes) {
  let branches = rankedBranchCache.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchCache.set(routes, branches);
  }
  return branches;
}
function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
  },
  {
    find: "function compilePath(path, caseSensitive, end) {",
    replace: `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive ? "i" : "s") + (end === false ? "p" : "e") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {`,
  },
  {
    // Patching routes in (lazy route discovery) changes the arrays in place.
    find: "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {",
    replace:
      "function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {\n  rankedBranchCache = new WeakMap();\n  matchCache = new WeakMap();",
  },
];

// @libsql/client prepares every statement afresh (SQLite parses and plans it). The prepared
// statement of each SQL text is kept per database connection (at most 500, the oldest dropped
// first) and run again with the new values; a schema change (CREATE, ALTER, DROP) forgets
// them, as a statement kept from before could read an out-of-date column list.
const LIBSQL_MARKER = "/* tradedesk: prepared statements kept */";
const libsqlEdits = [
  {
    find: "function executeStmt(db, stmt, intMode) {",
    replace: `${LIBSQL_MARKER}
const preparedStatements = new WeakMap();
function preparedStatement(db, sql) {
    let cache = preparedStatements.get(db);
    if (cache === undefined || /^\\s*(create|alter|drop)\\b/i.test(sql)) {
        cache = new Map();
        preparedStatements.set(db, cache);
    }
    let sqlStmt = cache.get(sql);
    if (sqlStmt === undefined) {
        sqlStmt = db.prepare(sql);
        if (cache.size >= 500)
            cache.delete(cache.keys().next().value);
        cache.set(sql, sqlStmt);
    }
    return sqlStmt;
}
function executeStmt(db, stmt, intMode) {`,
  },
  { find: "        const sqlStmt = db.prepare(sql);\n", replace: "        const sqlStmt = preparedStatement(db, sql);\n" },
];

// The client also asked SQLite for a statement's columns twice on every run (a native call
// that builds an object per column). A prepared statement's columns are kept with it, and each
// result gets its own copy. Should a row come back with another number of columns (another
// process changed the schema, SQLite prepared the statement again), they are read again.
// Each row is built in half the time: the named values are plain assignments, then the
// indexes are defined, which gives the same properties, with the same attributes, in the same
// order. Columns named like an index or "__proto__" take the library's way.
const LIBSQL_COLUMNS_MARKER = "/* tradedesk: statement columns kept, rows built plainly */";
const libsqlColumnEdits = [
  {
    find: "function rowFromSql(sqlRow, columns, intMode) {",
    replace: `${LIBSQL_COLUMNS_MARKER}
const statementColumns = new WeakMap();
function columnsOf(sqlStmt) {
    let described = statementColumns.get(sqlStmt);
    if (described === undefined) {
        const list = sqlStmt.columns();
        const names = list.map((col) => col.name);
        const plain = names.every((name) => name !== "__proto__" && !/^\\d+$/.test(name));
        described = { names, types: list.map((col) => col.type ?? ""), plain };
        statementColumns.set(sqlStmt, described);
    }
    return described;
}
function plainRowFromSql(sqlRow, columns, intMode) {
    const row = {};
    Object.defineProperty(row, "length", { value: sqlRow.length });
    const values = sqlRow.map((sqlValue) => valueFromSql(sqlValue, intMode));
    for (let i = 0; i < values.length; ++i) {
        if (!Object.hasOwn(row, columns[i]))
            row[columns[i]] = values[i];
    }
    for (let i = 0; i < values.length; ++i)
        Object.defineProperty(row, i, { value: values[i] });
    return row;
}
function rowFromSql(sqlRow, columns, intMode) {`,
  },
  {
    find: `            const columns = Array.from(sqlStmt.columns().map((col) => col.name));
            const columnTypes = Array.from(sqlStmt.columns().map((col) => col.type ?? ""));
            const rows = sqlStmt.all(args).map((sqlRow) => {
                return rowFromSql(sqlRow, columns, intMode);`,
    replace: `            const sqlRows = sqlStmt.all(args);
            if (sqlRows.length > 0 && sqlRows[0].length !== columnsOf(sqlStmt).names.length)
                statementColumns.delete(sqlStmt);
            const described = columnsOf(sqlStmt);
            const columns = described.names.slice();
            const columnTypes = described.types.slice();
            const rows = sqlRows.map((sqlRow) => {
                return described.plain ? plainRowFromSql(sqlRow, columns, intMode) : rowFromSql(sqlRow, columns, intMode);`,
  },
];

// Every row was then built twice more on its way to the app: the client made an object of it
// (named values, then the indexes defined one by one, which puts the object in V8's slow
// dictionary mode), and drizzle copied that object back into an array (a generic, slow
// Array.prototype.slice over the indexes) to map it to its own object. The client now keeps
// each row's values in the array SQLite's binding returned (converted in place, as
// valueFromSql converts them), and builds its row objects only when \`rows\` is first read;
// drizzle reads the arrays. The row objects are built from the converted values, as before
// (the library's own rowFromSql, for odd column names, converts them again, which changes
// nothing), so they are the same objects.
const ROW_VALUES_MARKER = "/* tradedesk: row values kept, row objects built when read */";
const ROW_VALUES_KEY = "tradedesk.libsql.rowValues";
const libsqlRowValueEdits = (resultSetClass) => [
  {
    find: "    const values = sqlRow.map((sqlValue) => valueFromSql(sqlValue, intMode));\n",
    replace: "    const values = sqlRow;\n",
  },
  {
    find: "function rowFromSql(sqlRow, columns, intMode) {",
    replace: `${ROW_VALUES_MARKER}
const ROW_VALUES = Symbol.for("${ROW_VALUES_KEY}");
function resultWithRowValues(result, sqlRows, described, intMode) {
    for (const sqlRow of sqlRows) {
        for (let i = 0; i < sqlRow.length; ++i)
            sqlRow[i] = valueFromSql(sqlRow[i], intMode);
    }
    Object.defineProperty(result, ROW_VALUES, { value: sqlRows });
    const settle = (rows) => {
        Object.defineProperty(result, "rows", { value: rows, writable: true, enumerable: true, configurable: true });
        return rows;
    };
    Object.defineProperty(result, "rows", {
        enumerable: true,
        configurable: true,
        get: () => settle(sqlRows.map((values) => described.plain
            ? plainRowFromSql(values, described.names, intMode)
            : rowFromSql(values, described.names, intMode))),
        set: settle,
    });
    return result;
}
function rowFromSql(sqlRow, columns, intMode) {`,
  },
  {
    find: `            const rows = sqlRows.map((sqlRow) => {
                return described.plain ? plainRowFromSql(sqlRow, columns, intMode) : rowFromSql(sqlRow, columns, intMode);
            });
            // TODO: can we get this info from better-sqlite3?
            const rowsAffected = 0;
            const lastInsertRowid = undefined;
            return new ${resultSetClass}(columns, columnTypes, rows, rowsAffected, lastInsertRowid);`,
    replace: `            return resultWithRowValues(new ${resultSetClass}(columns, columnTypes, [], 0, undefined), sqlRows, described, intMode);`,
  },
];
const drizzleRowValueEdits = [
  {
    find: "      return (this.tx ? this.tx.execute(stmt) : this.client.execute(stmt)).then(({ rows }) => rows);",
    replace: `      ${ROW_VALUES_MARKER}
      return (this.tx ? this.tx.execute(stmt) : this.client.execute(stmt)).then(
        (result) => result[Symbol.for("${ROW_VALUES_KEY}")] ?? result.rows
      );`,
  },
];

// Remix builds the server's React Router routes from the build's manifest on every page
// (@remix-run/react's RemixServer), and React Router converts them to data routes again
// (react-router-dom/server's createStaticRouter): about a hundred objects each time, and new
// arrays that the ranked-branch cache above never sees twice. Both depend only on the build,
// so each is kept per manifest (a new build, as in development, brings a new manifest) and
// per routes array.
const SERVER_ROUTES_MARKER = "/* tradedesk: server routes kept */";
const serverRoutesHelper = `${SERVER_ROUTES_MARKER}
const serverRoutesCache = new WeakMap();
function serverRoutesOf(manifestRoutes, isSpaMode, create) {
  if (isSpaMode) return create();
  let routes = serverRoutesCache.get(manifestRoutes);
  if (routes === undefined) {
    routes = create();
    serverRoutesCache.set(manifestRoutes, routes);
  }
  return routes;
}
function RemixServer({`;
const remixServerEdits = (call) => [
  { find: "function RemixServer({", replace: serverRoutesHelper },
  {
    find: `${call}(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    replace: `serverRoutesOf(manifest.routes, context.isSpaMode, () => ${call}(manifest.routes, routeModules, context.future, context.isSpaMode));`,
  },
];
const staticRouterEdits = (convert, mapRouteProperties) => [
  {
    find: "function createStaticRouter(routes, context, opts = {}) {",
    replace: `${SERVER_ROUTES_MARKER}
const staticDataRoutesCache = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {`,
  },
  {
    find: `  let manifest = {};
  let dataRoutes = ${convert}(routes, ${mapRouteProperties}, undefined, manifest);
`,
    replace: `  let cached = staticDataRoutesCache.get(routes);
  if (cached === undefined) {
    let manifest = {};
    cached = { manifest, dataRoutes: ${convert}(routes, ${mapRouteProperties}, undefined, manifest) };
    staticDataRoutesCache.set(routes, cached);
  }
  let { manifest, dataRoutes } = cached;
`,
  },
];

// @react-pdf/layout lays a page out again to resolve a `render` node (the PDFs' "Page 1 of 2"):
// at every page split, the whole rest of the document each time, and then each whole page once
// the page count is known. That was 45% of a two-page estimate's CPU. When every `render` node
// of a page sits in an absolutely placed box that is a child of the page (the documents'
// footer), nothing else on the page moves with its text: the split leaves those nodes
// unresolved, and at the end only those boxes are laid out, on the page alone, and put back in
// their places. A page with a `render` node anywhere else goes the library's way.
const PDF_LAYOUT_MARKER = "/* tradedesk: page numbers resolved in their own boxes */";
const pdfLayoutEdits = [
  {
    find: "const resolveDynamicPage = (props, page, fontStore, yoga) => {",
    replace: `${PDF_LAYOUT_MARKER}
const dynamicOnlyInPlacedBoxes = (page) => !isDynamic$1(page) &&
    (page.children || []).every((child) => child.style?.position === 'absolute' || !shouldResolveDynamicNodes(child));
const resolvePlacedDynamicBoxes = (props, page, fontStore, yoga) => {
    const children = page.children || [];
    const dynamic = [];
    children.forEach((child, index) => {
        if (shouldResolveDynamicNodes(child))
            dynamic.push(index);
    });
    if (dynamic.length === 0)
        return page;
    const alone = resolveDynamicNodes(props, Object.assign({}, page, { children: dynamic.map((index) => children[index]) }));
    const laidOut = relayoutPage(alone, fontStore, yoga);
    const resolved = children.slice();
    dynamic.forEach((index, k) => {
        resolved[index] = laidOut.children[k];
    });
    return Object.assign({}, page, { children: resolved });
};
const resolveDynamicPage = (props, page, fontStore, yoga) => {`,
  },
  {
    find: "    const dynamicPage = resolveDynamicPage({ pageNumber }, page, fontStore, yoga);\n",
    replace:
      "    const dynamicPage = dynamicOnlyInPlacedBoxes(page) ? page : resolveDynamicPage({ pageNumber }, page, fontStore, yoga);\n",
  },
  {
    find: `        subPageTotalPages: page.subPageTotalPages,
    };
    return resolveDynamicPage(props, page, fontStore, yoga);`,
    replace: `        subPageTotalPages: page.subPageTotalPages,
    };
    if (dynamicOnlyInPlacedBoxes(page))
        return resolvePlacedDynamicBoxes(props, page, fontStore, yoga);
    return resolveDynamicPage(props, page, fontStore, yoga);`,
  },
];

// pdfkit parses a standard font's metrics (Helvetica's glyph widths and kerning pairs) for
// every document that uses it: twice per PDF. The parsed metrics are only read afterwards,
// so each font's are kept.
const PDFKIT_MARKER = "/* tradedesk: standard font metrics kept */";
const pdfkitEdits = [
  {
    find: "class StandardFont extends PDFFont {",
    replace: `${PDFKIT_MARKER}
const keptAfmFonts = new WeakMap();
function afmFontOf(data) {
  let font = keptAfmFonts.get(data);
  if (font === undefined) {
    font = new AFMFont(data);
    keptAfmFonts.set(data, font);
  }
  return font;
}
class StandardFont extends PDFFont {`,
  },
  { find: "    this.font = new AFMFont(fontData);\n", replace: "    this.font = afmFontOf(fontData);\n" },
];

const patches = [
  // Matches are kept on the server only (the CommonJS build Node loads): with them in the
  // browser's build (the ES module Vite bundles), a navigation logged an AbortError in the
  // browser suite, a cause not found yet (decision 021).
  {
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    edits: routerEdits(MARKER, { keepMatches: true }),
    marker: MARKER,
  },
  {
    file: "node_modules/@remix-run/router/dist/router.js",
    edits: routerEdits(BASE_MARKER, { keepMatches: false }),
    marker: BASE_MARKER,
  },
  { file: "node_modules/@libsql/client/lib-esm/sqlite3.js", edits: libsqlEdits, marker: LIBSQL_MARKER },
  { file: "node_modules/@libsql/client/lib-cjs/sqlite3.js", edits: libsqlEdits, marker: LIBSQL_MARKER },
  { file: "node_modules/@libsql/client/lib-esm/sqlite3.js", edits: libsqlColumnEdits, marker: LIBSQL_COLUMNS_MARKER },
  { file: "node_modules/@libsql/client/lib-cjs/sqlite3.js", edits: libsqlColumnEdits, marker: LIBSQL_COLUMNS_MARKER },
  {
    file: "node_modules/@libsql/client/lib-esm/sqlite3.js",
    edits: libsqlRowValueEdits("ResultSetImpl"),
    marker: ROW_VALUES_MARKER,
  },
  {
    file: "node_modules/@libsql/client/lib-cjs/sqlite3.js",
    edits: libsqlRowValueEdits("util_1.ResultSetImpl"),
    marker: ROW_VALUES_MARKER,
  },
  { file: "node_modules/drizzle-orm/libsql/session.js", edits: drizzleRowValueEdits, marker: ROW_VALUES_MARKER },
  { file: "node_modules/drizzle-orm/libsql/session.cjs", edits: drizzleRowValueEdits, marker: ROW_VALUES_MARKER },
  {
    file: "node_modules/@remix-run/react/dist/server.js",
    edits: remixServerEdits("routes.createServerRoutes"),
    marker: SERVER_ROUTES_MARKER,
  },
  {
    file: "node_modules/@remix-run/react/dist/esm/server.js",
    edits: remixServerEdits("createServerRoutes"),
    marker: SERVER_ROUTES_MARKER,
  },
  {
    file: "node_modules/react-router-dom/server.js",
    edits: staticRouterEdits("router.UNSAFE_convertRoutesToDataRoutes", "reactRouter.UNSAFE_mapRouteProperties"),
    marker: SERVER_ROUTES_MARKER,
  },
  {
    file: "node_modules/react-router-dom/server.mjs",
    edits: staticRouterEdits("UNSAFE_convertRoutesToDataRoutes", "UNSAFE_mapRouteProperties"),
    marker: SERVER_ROUTES_MARKER,
  },
  { file: "node_modules/@react-pdf/layout/lib/index.js", edits: pdfLayoutEdits, marker: PDF_LAYOUT_MARKER },
  { file: "node_modules/pdfkit/js/pdfkit.node.mjs", edits: pdfkitEdits, marker: PDFKIT_MARKER },
  { file: "node_modules/pdfkit/js/pdfkit.js", edits: pdfkitEdits, marker: PDFKIT_MARKER },
];

let failed = false;
for (const { file, edits, marker } of patches) {
  const full = path.join(root, file);
  let text;
  try {
    text = readFileSync(full, "utf8");
  } catch {
    console.error(`patch-packages: ${file} is missing`);
    failed = true;
    continue;
  }
  if (text.includes(marker)) continue;
  const missing = edits.filter(({ find }) => text.split(find).length !== 2);
  if (missing.length > 0) {
    console.error(
      `patch-packages: ${file} is not the version these changes were written for (${missing.length} passages not found once); if it holds an earlier change of this script, reinstall the packages (npm ci)`,
    );
    failed = true;
    continue;
  }
  for (const { find, replace } of edits) text = text.replace(find, () => replace);
  writeFileSync(full, text);
}
if (failed) process.exit(1);
