// The benchmark's figures held against its targets, and the generated part of
// docs/performance.md (between the bench markers; the rest of the file is written by hand).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { PageAssets } from "./assets";
import type { PeerComparison } from "./cpu";
import type { LcpResult } from "./lcp";

export interface LoadFigures {
  /** null when no 2xx answer completed within the measurement. */
  p50: number | null;
  p99: number | null;
  /** How many answers were timed (2xx, completed before the time was up). */
  samples: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Seconds the server took afterwards to finish the requests autocannon dropped. */
  drainSeconds: number;
  /** Too slow to load-test: a few requests one after another (p99 is the slowest of them). */
  sequential?: boolean;
}

export interface Endpoint {
  key: string;
  name: string;
  paths: { large: string; small: string };
  /** list: a paged or searched list, held to the large/small ratio; pdf: held to its own targets. */
  kind: "page" | "list" | "pdf";
}

export interface Target {
  target: string;
  value: string;
  met: boolean;
}

export interface Results {
  date: string;
  quick: boolean;
  durationSeconds: number;
  machine: {
    cores: number;
    cpuModel: string;
    memoryGb: number;
    platform: string;
    node: string;
    commit: string;
    branch: string;
    uncommittedChanges: number;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
  };
  config: {
    secondsPerMeasurement: number;
    warmupSeconds: number;
    connections: number[];
    scale: number;
    buildDir: string;
    lcpProfile: string;
    lcpRuns: number;
    acceptEncoding: string;
  };
  seed: Record<string, unknown> & { reused: boolean; seedSeconds: number; seededAt: string; file: string };
  server: { rssAfterLoadTestsMb: number };
  ceiling: { pageBytes: number; load: Record<string, LoadFigures> };
  /**
   * The minimal Remix app of bench/peer under the same load as the pages (absent from older
   * runs): its own page (the small account's first 25 customers) beside the ceiling, and, by
   * endpoint key, the peer serving that page's HTML as TradeDesk answered it (the large
   * account's), at 10 connections, measured right after the page: the p99 target's pair.
   */
  peer?: {
    pageBytes: number;
    load: Record<string, LoadFigures>;
    sameHtml?: Record<string, { path: string; pageBytes: number; load: LoadFigures }>;
  };
  pageBytes: Record<string, Record<string, number>>;
  endpoints: (Endpoint & { load: Record<"large" | "small", Record<string, LoadFigures>> })[];
  pdf: {
    warmupRenders: number;
    renders: number;
    medianMs: number;
    p90Ms: number;
    p99Ms: number;
    rss: {
      beforeMb: number;
      afterWarmupMb: number;
      afterMb: number;
      growthMb: number;
      trendGrowthMb: number;
      peakMb: number;
      samples: { renders: number; rssMb: number }[];
    };
  };
  assets: PageAssets[];
  lcp: LcpResult[];
  /** Server CPU per page against the minimal Remix app of bench/peer rendering the same HTML. */
  cpuVsPeer?: PeerComparison;
  targets: Target[];
}

export const TARGETS = {
  /**
   * Each page's p99 at 10 connections (large account) ÷ the p99 of the minimal Remix app
   * serving the same page's HTML under the same load, in the same run.
   */
  p99VsPeer: 1.5,
  largeSmallRatio: 1.5,
  /** No page grows with the account: every page of the large account under this much HTML. */
  pageHtmlKb: 150,
  /** The server's resident memory after the load tests on the large account. */
  rssAfterLoadMb: 256,
  dashboardShareOfCeiling: 0.15,
  pdfMedianMs: 150,
  pdfGrowthMb: 50,
  landingJsKb: 30,
  appJsKb: 150,
  lcpMs: 1500,
  /** TradeDesk's server CPU per request of each page ÷ the minimal Remix app's rendering the same HTML. */
  cpuVsPeer: 1.5,
};

const kb = (bytes: number) => bytes / 1024;
const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
/**
 * large ÷ small; autocannon's latencies are whole milliseconds, so a 0 ms small figure is
 * taken as 0.5 ms (a ratio against 0 means nothing). null when either has no figure.
 */
const ratio = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, 0.5) / Math.max(b, 0.5));
const times = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(2)}×`);
const ms = (x: number | null) => (x === null ? "none" : `${x} ms`);
/** Fewer timed answers than this and a p99 is little more than the slowest one. */
const FEW_SAMPLES = 100;
const mark = (met: boolean) => (met ? "met" : "**missed**");

export function evaluateTargets(r: Results): Target[] {
  const out: Target[] = [];
  for (const e of r.endpoints.filter((e) => e.kind !== "pdf")) {
    const L = e.load.large[10];
    const peer = r.peer?.sameHtml?.[e.key]?.load;
    // A page too slow to load-test has no p99 under load to compare.
    const x = L.sequential ? null : ratio(L.p99, peer?.p99 ?? null);
    out.push({
      target: `${e.name}: p99 at 10 connections ≤ ${TARGETS.p99VsPeer}× the minimal Remix app's serving the same HTML (large account)`,
      value:
        L.p99 === null
          ? `none completed in ${r.config.secondsPerMeasurement} s`
          : L.sequential
            ? `${L.p99} ms alone: too slow to load-test`
            : `${ms(L.p99)} ÷ ${ms(peer?.p99 ?? null)} = ${times(x)}`,
      met: x !== null && x <= TARGETS.p99VsPeer,
    });
  }
  for (const e of r.endpoints.filter((e) => e.kind === "list")) {
    const comparable = !!e.load.large[10].sequential === !!e.load.small[10].sequential;
    const p50 = comparable ? ratio(e.load.large[10].p50, e.load.small[10].p50) : null;
    const p99 = comparable ? ratio(e.load.large[10].p99, e.load.small[10].p99) : null;
    out.push({
      target: `${e.name}: large/small latency < ${TARGETS.largeSmallRatio}× (p50 and p99, 10 connections)`,
      value: comparable ? `p50 ${times(p50)}, p99 ${times(p99)}` : "n/a: the large account's page is too slow to load-test",
      met: p50 !== null && p99 !== null && p50 < TARGETS.largeSmallRatio && p99 < TARGETS.largeSmallRatio,
    });
  }
  const pages = Object.entries(r.pageBytes).filter(([key]) => r.endpoints.find((e) => e.key === key)?.kind !== "pdf");
  const largest = pages.sort((a, b) => b[1].large - a[1].large)[0];
  if (largest) {
    const over = pages.filter(([, bytes]) => kb(bytes.large) >= TARGETS.pageHtmlKb).map(([key]) => key);
    out.push({
      target: `Every page and default API answer of the large account under ${TARGETS.pageHtmlKb} KB (uncompressed)`,
      value: `largest ${largest[0]} ${f1(kb(largest[1].large))} KB${over.length ? `; over: ${over.join(", ")}` : ""}`,
      met: over.length === 0,
    });
  }
  out.push({
    target: `Server RSS after the load tests < ${TARGETS.rssAfterLoadMb} MB (large account)`,
    value: `${f0(r.server.rssAfterLoadTestsMb)} MB`,
    met: r.server.rssAfterLoadTestsMb < TARGETS.rssAfterLoadMb,
  });
  const dashboard = r.endpoints.find((e) => e.key === "dashboard")!;
  for (const c of r.config.connections) {
    const share = dashboard.load.large[c].rps / r.ceiling.load[c].rps;
    const peer = r.peer ? `; minimal Remix app ${pct(r.peer.load[c].rps / r.ceiling.load[c].rps)}` : "";
    out.push({
      target: `Dashboard throughput ≥ ${pct(TARGETS.dashboardShareOfCeiling)} of bare node:http (${c} connections, large account)`,
      value: `${pct(share)} (${f0(dashboard.load.large[c].rps)} of ${f0(r.ceiling.load[c].rps)} req/s${peer})`,
      met: share >= TARGETS.dashboardShareOfCeiling,
    });
  }
  out.push({
    target: `Estimate PDF (20 items): median < ${TARGETS.pdfMedianMs} ms, sequential`,
    value: `${f1(r.pdf.medianMs)} ms`,
    met: r.pdf.medianMs < TARGETS.pdfMedianMs,
  });
  out.push({
    target: `Estimate PDF: RSS growth < ${TARGETS.pdfGrowthMb} MB over ${r.pdf.renders} renders (after ${r.pdf.warmupRenders} warm-up; trend of the readings)`,
    value: `${f1(r.pdf.rss.trendGrowthMb)} MB (end − warm: ${f1(r.pdf.rss.growthMb)} MB)`,
    met: r.pdf.rss.trendGrowthMb < TARGETS.pdfGrowthMb,
  });
  for (const [page, limit] of [
    ["/", TARGETS.landingJsKb],
    ["/app", TARGETS.appJsKb],
  ] as const) {
    const a = r.assets.find((x) => x.page === page)!;
    out.push({
      target: `First load of ${page}: JavaScript < ${limit} KB gzip`,
      value: `${f1(kb(a.jsGzipBytes))} KB`,
      met: kb(a.jsGzipBytes) < limit,
    });
  }
  if (r.cpuVsPeer) {
    const c = r.cpuVsPeer;
    for (const [page, x] of Object.entries(c.ratios)) {
      out.push({
        target: `Server CPU per request of \`${page}\` ≤ ${TARGETS.cpuVsPeer}× the minimal Remix app's rendering the same HTML (small account)`,
        value: `${c.tradedesk[page].cpuMs.toFixed(2)} ÷ ${c.peer[page].cpuMs.toFixed(2)} ms = ${times(x)}`,
        met: x <= TARGETS.cpuVsPeer,
      });
    }
  }
  for (const l of r.lcp) {
    out.push({
      target: `LCP of ${l.page} < ${TARGETS.lcpMs / 1000} s on the low-end profile (median)`,
      value: `${f0(l.medianMs)} ms`,
      met: l.medianMs < TARGETS.lcpMs,
    });
  }
  return out;
}

function loadTable(r: Results, c: number): string {
  const ceiling = r.ceiling.load[c];
  const lines = [
    `| Page | Large p50 | Large p99 | Large req/s | Large ÷ ceiling | Small p50 | Small p99 | Small req/s | Small ÷ ceiling | Large/small p50 | Large/small p99 |`,
    `|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|`,
    `| *bare node:http ceiling (${f1(kb(r.ceiling.pageBytes))} KB page)* | ${ms(ceiling.p50)} | ${ms(ceiling.p99)} | ${f0(ceiling.rps)} | 100% | | | | | | |`,
  ];
  const peer = r.peer?.load[c];
  if (r.peer && peer)
    lines.push(
      `| *minimal Remix app (\`bench/peer\`, 25 customers, ${f1(kb(r.peer.pageBytes))} KB page)* | ${ms(peer.p50)} | ${ms(peer.p99)} | ${f1(peer.rps)} | ${pct(peer.rps / ceiling.rps)} | | | | | | |`,
    );
  for (const e of r.endpoints) {
    const L = e.load.large[c];
    const S = e.load.small[c];
    const flag = (x: LoadFigures) => (x.non2xx + x.errors + x.timeouts > 0 ? ` ⚠${x.non2xx + x.errors + x.timeouts}` : "");
    const p99 = (x: LoadFigures) =>
      `${ms(x.p99)}${x.sequential ? ` (alone, n=${x.samples}) †` : x.samples > 0 && x.samples < FEW_SAMPLES ? ` (n=${x.samples})` : ""}`;
    const comparable = !!L.sequential === !!S.sequential;
    const r50 = comparable ? ratio(L.p50, S.p50) : null;
    const r99 = comparable ? ratio(L.p99, S.p99) : null;
    lines.push(
      `| ${e.name} | ${ms(L.p50)} | ${p99(L)} | ${f1(L.rps)}${flag(L)} | ${pct(L.rps / ceiling.rps)} | ${ms(S.p50)} | ${p99(S)} | ${f1(S.rps)}${flag(S)} | ${pct(S.rps / ceiling.rps)} | ${times(r50)} | ${times(r99)} |`,
    );
  }
  return lines.join("\n");
}

export function generatedSection(r: Results): string {
  const m = r.machine;
  const seed = r.seed as Results["seed"] & { large: Record<string, number> };
  const largeCounts = Object.entries(seed.large)
    .map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`)
    .join(", ");
  const out: string[] = [];
  out.push(`### Run of ${r.date.slice(0, 16).replace("T", " ")} UTC${r.quick ? " (quick mode: not comparable)" : ""}`);
  out.push("");
  out.push(
    `Commit \`${m.commit.slice(0, 10)}\`${m.uncommittedChanges ? ` with ${m.uncommittedChanges} uncommitted file(s) in app/ server/ db/ public/` : ""} · ${m.cores} cores (${m.cpuModel}), ${m.memoryGb} GB, ${m.platform}, Node ${m.node} · load average ${m.loadAverageAtStart.join(" ")} at start, ${m.loadAverageAtEnd.join(" ")} at end · whole run ${f1(r.durationSeconds / 60)} min.`,
  );
  out.push("");
  out.push(
    `Large account: ${largeCounts}, 5 line items per estimate; small account: 100 of each. Seed ${seed.reused ? `reused from the cache \`${seed.file}\` (seeded ${seed.seededAt.slice(0, 16).replace("T", " ")} UTC in ${f1(seed.seedSeconds)} s)` : `made for this run in ${f1(seed.seedSeconds)} s and cached as \`${seed.file}\``}. ${r.config.secondsPerMeasurement} s per measurement after ${r.config.warmupSeconds} s of warm-up; requests without Accept-Encoding (no compression, for the app and the ceiling alike).`,
  );
  out.push("");
  const missed = r.targets.filter((t) => !t.met).length;
  out.push(`#### Targets: ${r.targets.length - missed} met, ${missed} missed`);
  out.push("");
  out.push("| Target | Figure | Result |");
  out.push("|---|--:|---|");
  for (const t of r.targets) out.push(`| ${t.target} | ${t.value} | ${mark(t.met)} |`);
  out.push("");
  for (const c of r.config.connections) {
    out.push(`#### Latency and throughput at ${c} connections`);
    out.push("");
    out.push(loadTable(r, c));
    out.push("");
  }
  const warn = r.endpoints.some((e) =>
    (["large", "small"] as const).some((a) => Object.values(e.load[a]).some((x) => x.non2xx + x.errors + x.timeouts > 0)),
  );
  if (warn) out.push("⚠n: that many responses were not 2xx, failed or timed out (30 s) during the measurement. ");
  out.push(
    `(n=…): only that many answers were timed, too few for a steady p99; "none": no answer completed within the ${r.config.secondsPerMeasurement} s (autocannon drops the requests still in flight when the time is up); †: one request alone took more than a tenth of the measurement, so the page was not load-tested but timed over a few requests one after another (p50 their median, p99 the slowest, req/s one over their mean), the same figures at every concurrency. Latencies are whole milliseconds.`,
  );
  out.push("");
  const same = r.peer?.sameHtml;
  if (same && Object.keys(same).length > 0) {
    out.push("#### p99 against the minimal Remix app serving the same HTML (10 connections, large account)");
    out.push("");
    out.push(
      `| Page | TradeDesk p50 | TradeDesk p99 | TradeDesk req/s | peer p50 | peer p99 | peer req/s | p99 ÷ peer's (target ≤ ${TARGETS.p99VsPeer}×) | Answer: TradeDesk / peer |`,
    );
    out.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    for (const e of r.endpoints) {
      const P = same[e.key];
      if (!P) continue;
      const L = e.load.large[10];
      const x = L.sequential ? null : ratio(L.p99, P.load.p99);
      const few = (x: LoadFigures) => (x.samples > 0 && x.samples < FEW_SAMPLES ? ` (n=${x.samples})` : "");
      out.push(
        `| ${e.name} | ${ms(L.p50)} | ${ms(L.p99)}${L.sequential ? " †" : few(L)} | ${f1(L.rps)} | ${ms(P.load.p50)} | ${ms(P.load.p99)}${few(P.load)} | ${f1(P.load.rps)} | ${times(x)} ${mark(x !== null && x <= TARGETS.p99VsPeer)} | ${f1(kb(r.pageBytes[e.key].large))} / ${f1(kb(P.pageBytes))} KB |`,
      );
    }
    out.push("");
    out.push(
      `The peer (\`bench/peer\`, below) serves each page as TradeDesk answered it to the large account once before the load tests: \`/page/<name>\` renders the saved markup through Remix (loader, render, document; a JSON answer is returned by a resource route, \`/json/<name>\`), and is load-tested at 10 connections right after the page, ${r.config.secondsPerMeasurement} s after ${r.config.warmupSeconds} s of warm-up, uncompressed like the page. TradeDesk's figures are those of the table above.`,
    );
    out.push("");
  }
  out.push("#### Estimate PDF (20 line items, large account)");
  out.push("");
  const rss = r.pdf.rss;
  out.push(
    `| Sequential renders | Median | p90 | p99 | RSS before | after ${r.pdf.warmupRenders} warm-up | after ${r.pdf.renders} more | End − warm | Trend |`,
  );
  out.push("|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  out.push(
    `| ${r.pdf.renders} | ${f1(r.pdf.medianMs)} ms | ${f1(r.pdf.p90Ms)} ms | ${f1(r.pdf.p99Ms)} ms | ${f0(rss.beforeMb)} MB | ${f0(rss.afterWarmupMb)} MB | ${f0(rss.afterMb)} MB | ${f1(rss.growthMb)} MB | ${f1(rss.trendGrowthMb)} MB |`,
  );
  out.push("");
  out.push(
    `RSS every ${r.pdf.renders / 10} renders: ${rss.samples.map((s) => f0(s.rssMb)).join(" → ")} MB (peak ${f0(rss.peakMb)} MB). RSS saws by tens of MB as V8 collects garbage, so the target is held to the trend: the median of the readings (one every 10 renders) over the last tenth of the renders minus the median over the first tenth. The PDF phase runs first, on a freshly started server; after all the load tests the server held ${f0(r.server.rssAfterLoadTestsMb)} MB.`,
  );
  out.push("");
  out.push("#### First load: what each page ships (gzip, node:zlib default level)");
  out.push("");
  out.push("| Page | JavaScript | JS files | Inline scripts | CSS | HTML |");
  out.push("|---|--:|--:|--:|--:|--:|");
  for (const a of r.assets) {
    out.push(
      `| \`${a.page}\` | ${f1(kb(a.jsGzipBytes))} KB | ${a.files.filter((x) => x.kind === "js").length} | ${f1(kb(a.inlineJsGzipBytes))} KB | ${f1(kb(a.cssGzipBytes))} KB | ${f1(kb(a.htmlGzipBytes))} KB |`,
    );
  }
  out.push("");
  const app = r.assets.find((a) => a.page === "/app");
  if (app) {
    out.push(
      `Largest files of \`/app\`: ${app.files
        .filter((x) => x.kind === "js")
        .slice(0, 6)
        .map((x) => `\`${x.url.replace(/^\/assets\//, "")}\` ${f1(kb(x.gzipBytes))} KB`)
        .join(", ")}.`,
    );
    out.push("");
  }
  if (r.cpuVsPeer) {
    const c = r.cpuVsPeer;
    out.push("#### Server CPU per page against the minimal Remix app rendering the same HTML");
    out.push("");
    out.push(
      `| Page | TradeDesk CPU ms/request | peer CPU ms/request, same HTML | ratio (target ≤ ${TARGETS.cpuVsPeer}×) | Answer: TradeDesk / peer |`,
    );
    out.push("|---|--:|--:|--:|--:|");
    for (const [page, f] of Object.entries(c.tradedesk)) {
      const p = c.peer[page];
      out.push(
        `| \`${page}\` | ${f.cpuMs.toFixed(2)} | ${p.cpuMs.toFixed(2)} | ${times(c.ratios[page])} ${mark(c.ratios[page] <= TARGETS.cpuVsPeer)} | ${f1(kb(f.bytes))} / ${f1(kb(p.bytes))} KB |`,
      );
    }
    out.push("");
    out.push(
      `The peer (\`bench/peer\`) is a minimal Remix 2.17 app on the same Node, Express and compression middleware. In each round the run saves TradeDesk's first answer of every page (signed in as the small account), and the peer's route \`/page/<name>\` renders it again: its loader reads the saved file and its component writes the markup (all TradeDesk sent inside \`<body>\`, its scripts and hydration data included) with \`dangerouslySetInnerHTML\` inside the peer's own document, head and scripts. So the peer pays Remix's request handling, loader, render and document, Express and compression on the same bytes, and TradeDesk's figure over the peer's is what its data, its components and its frame cost beyond that. The peer's own page (the first ${c.peerOwnPage.tableRows - 1} customers in a table rendered by React from its loader's rows, ${f1(kb(c.peerOwnPage.bytes))} KB) took ${c.peerOwnPage.cpuMs.toFixed(2)} ms. CPU per request = the server process's user + system time (\`/proc/<pid>/stat\`, 10 ms ticks) over ${c.requests} sequential requests after 20 warm-up ones, divided by ${c.requests}, with \`Accept-Encoding: ${c.acceptEncoding}\` (the server compresses); TradeDesk and the peer measured alternately, each round on freshly started servers, best of ${c.rounds} round${c.rounds === 1 ? "" : "s"} for each.`,
    );
    out.push("");
  }
  if (r.lcp.length > 0) {
    out.push(`#### Largest contentful paint (median of ${r.config.lcpRuns} cold load${r.config.lcpRuns === 1 ? "" : "s"})`);
    out.push("");
    out.push(`Profile: ${r.config.lcpProfile}.`);
    out.push("");
    out.push("| Page | LCP median | Each load | FCP | TTFB | Load event | Blocking time | Transferred | LCP element |");
    out.push("|---|--:|--:|--:|--:|--:|--:|--:|---|");
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const l of r.lcp) {
      const m = (pick: (x: LcpResult["runs"][number]) => number | null) => med(l.runs.map((x) => pick(x) ?? NaN));
      out.push(
        `| \`${l.page}\` | ${f0(l.medianMs)} ms | ${l.runs.map((x) => f0(x.lcpMs)).join(", ")} ms | ${f0(m((x) => x.fcpMs))} ms | ${f0(m((x) => x.ttfbMs))} ms | ${f0(m((x) => x.loadMs))} ms | ${f0(m((x) => x.blockingMs))} ms | ${f1(kb(m((x) => x.transferBytes)))} KB | ${l.runs[0]?.element ?? "?"} |`,
      );
    }
    out.push("");
    out.push(
      "FCP, TTFB, load event, blocking time (the part past 50 ms of every long task, as in total blocking time) and bytes transferred are medians too; with the CPU slowed 4×.",
    );
    out.push("");
  } else {
    out.push("LCP was not measured in this run (BENCH_SKIP_LCP=1).");
    out.push("");
  }
  return out.join("\n");
}

const START = "<!-- bench:start -->";
const END = "<!-- bench:end -->";

const SKELETON = `# Performance

## Before and after

## Latest run

${START}
${END}
`;

/** Rewrites the generated part of the page (between the markers) and returns it. */
export function writeMarkdown(r: Results, file: string): string {
  const section = generatedSection(r);
  const current = existsSync(file) ? readFileSync(file, "utf8") : SKELETON;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const base = start >= 0 && end > start ? current : `${current.trimEnd()}\n\n## Latest run\n\n${START}\n${END}\n`;
  const s = base.indexOf(START);
  const e = base.indexOf(END);
  const note = "<!-- Generated by `npm run bench`: do not edit by hand, the next run rewrites it. -->";
  writeFileSync(file, `${base.slice(0, s + START.length)}\n${note}\n\n${section}\n${base.slice(e)}`);
  return section;
}
