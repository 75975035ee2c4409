// Largest contentful paint in Chromium on a low-end phone profile: each load is cold (a new
// browser context, so an empty cache), with the CPU slowed 4x and a slow mobile network
// emulated through the DevTools protocol. The LCP is read from a PerformanceObserver
// ('largest-contentful-paint', buffered) once the page has settled.
import { chromium, type Browser, type LaunchOptions } from "@playwright/test";
import playwrightConfig from "../playwright.config";

export const LOW_END_PROFILE = {
  cpuSlowdown: 4,
  downloadKbps: 1600,
  uploadKbps: 750,
  rttMs: 150,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  description:
    "Chromium, 412×823 viewport at 1.75× (a mid-2020s budget Android phone), CPU slowed 4× (Emulation.setCPUThrottlingRate), network 1.6 Mbps down / 750 kbps up / 150 ms RTT (Network.emulateNetworkConditions), cold cache (new context per load)",
};

export interface LcpRun {
  lcpMs: number;
  fcpMs: number | null;
  ttfbMs: number | null;
  /** The load event's end: every script (and what it imports) fetched and run. */
  loadMs: number | null;
  /** Main-thread time past 50 ms in each long task until the page settled (total blocking time). */
  blockingMs: number;
  /** Bytes over the wire (compressed, headers included), every request of the load. */
  transferBytes: number;
  element: string | null;
}

export interface LcpResult {
  page: string;
  runs: LcpRun[];
  medianMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function loadOnce(browser: Browser, base: string, page: string, cookie?: { name: string; value: string }): Promise<LcpRun> {
  const context = await browser.newContext({
    baseURL: base,
    locale: "en-US",
    viewport: LOW_END_PROFILE.viewport,
    deviceScaleFactor: LOW_END_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (cookie) {
      const { hostname } = new URL(base);
      await context.addCookies([{ ...cookie, domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
    }
    // Long tasks are not buffered: observe them from before the page's first script.
    await context.addInitScript(() => {
      const w = window as unknown as { __benchBlocking: number };
      w.__benchBlocking = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__benchBlocking += Math.max(0, entry.duration - 50);
      }).observe({ type: "longtask" });
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    let transferBytes = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      transferBytes += event.encodedDataLength;
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: LOW_END_PROFILE.rttMs,
      downloadThroughput: (LOW_END_PROFILE.downloadKbps * 1000) / 8,
      uploadThroughput: (LOW_END_PROFILE.uploadKbps * 1000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: LOW_END_PROFILE.cpuSlowdown });
    const response = await tab.goto(page, { waitUntil: "load", timeout: 60_000 });
    if (!response || response.status() !== 200) throw new Error(`${page} answered ${response?.status()} in Chromium`);
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    const run = await tab.evaluate(
      () =>
        new Promise<Omit<LcpRun, "transferBytes">>((resolve) => {
          let last: (PerformanceEntry & { element?: Element | null }) | null = null;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            last = entries[entries.length - 1] ?? last;
          }).observe({ type: "largest-contentful-paint", buffered: true });
          // Buffered entries arrive in a later task; a quiet second after load lets any late paint in too.
          setTimeout(() => {
            const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
            const fcp = performance.getEntriesByName("first-contentful-paint")[0];
            const el = last?.element ?? null;
            resolve({
              lcpMs: last ? last.startTime : -1,
              fcpMs: fcp ? fcp.startTime : null,
              ttfbMs: nav ? nav.responseStart : null,
              loadMs: nav ? nav.loadEventEnd : null,
              blockingMs: (window as unknown as { __benchBlocking: number }).__benchBlocking,
              element: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}` : null,
            });
          }, 1000);
        }),
    );
    return { ...run, transferBytes };
  } finally {
    await context.close();
  }
}

export async function measureLcp(options: {
  base: string;
  pages: { page: string; cookie?: { name: string; value: string } }[];
  runs: number;
  log: (s: string) => void;
}): Promise<LcpResult[]> {
  const launchOptions = (playwrightConfig.use?.launchOptions ?? {}) as LaunchOptions;
  const browser = await chromium.launch(launchOptions);
  // The pages take turns (one load of each, then the next round), so a moment when the
  // machine is busier slows a load of every page rather than all the loads of one.
  const runs: LcpRun[][] = options.pages.map(() => []);
  try {
    for (let i = 0; i < options.runs; i++)
      for (const [index, { page, cookie }] of options.pages.entries())
        runs[index].push(await loadOnce(browser, options.base, page, cookie));
  } finally {
    await browser.close();
  }
  return options.pages.map(({ page }, index) => {
    const result = { page, runs: runs[index], medianMs: median(runs[index].map((r) => r.lcpMs)) };
    options.log(
      `  LCP ${page}: median ${result.medianMs.toFixed(0)} ms (${result.runs.map((r) => r.lcpMs.toFixed(0)).join(", ")})`,
    );
    return result;
  });
}
