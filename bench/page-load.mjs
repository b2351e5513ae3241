// The pages of issue 15 loaded in Chromium with the phone's handicaps applied for real, not
// simulated as Lighthouse does: the CPU four times slower (DevTools' CPU throttling) and
// Lighthouse's slow-4G line (150 ms round trips, 1.6 Mbit/s down). For each page, the medians of
// PAGE_LOAD_RUNS loads (7 unless told) in a fresh browser context: the first paint, the blocking
// time after it (every main-thread task past 50 ms, from the browser's Long Tasks API) and the
// longest task. This is what an old phone feels; it measures, it does not fail.
// Run after `npm run build`: `npm run bench:load` (Debian Chromium at /usr/bin/chromium, or
// CHROMIUM_PATH; PAGE_LOAD_PORT picks the port, 3332 unless told).
import { chromium } from "@playwright/test";
import { startProductionApp } from "./production-app.mjs";

const PORT = Number(process.env.PAGE_LOAD_PORT ?? 3332);
const RUNS = Math.max(1, Number(process.env.PAGE_LOAD_RUNS ?? 7));
const PAGES = process.env.PAGE_LOAD_PAGES?.split(",") ?? ["/", "/varaa", "contact-step", "/auth", "/rekisteroidy-kaveriksi"];
const CPU_SLOWDOWN = 4;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** One load: first paint, blocking time after it and the longest task, in milliseconds. */
async function load(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(url, { waitUntil: "networkidle" });
    // Hydration's last tasks may come after the network has gone quiet.
    await page.waitForTimeout(1500);
    const { tasks, firstPaint } = await page.evaluate(() => ({
      tasks: window.__longTasks,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    }));
    const after = tasks.filter(([start]) => start >= firstPaint);
    return {
      firstPaint,
      blocking: after.reduce((total, [, duration]) => total + Math.max(0, duration - 50), 0),
      longest: Math.max(0, ...tasks.map(([, duration]) => duration)),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const app = await startProductionApp(PORT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const rows = [];
try {
  for (const name of PAGES) {
    const url = `${app.origin}${await app.pathOf(name)}`;
    const loads = [];
    for (let run = 0; run < RUNS; run++) loads.push(await load(browser, url));
    rows.push({
      page: name,
      "first paint (ms)": Math.round(median(loads.map((entry) => entry.firstPaint))),
      "blocking after first paint (ms)": Math.round(median(loads.map((entry) => entry.blocking))),
      "each load": loads.map((entry) => Math.round(entry.blocking)).join(" "),
      "longest task (ms)": Math.round(median(loads.map((entry) => entry.longest))),
    });
  }
} finally {
  await browser.close();
  await app.stop();
}
console.log(`Medians of ${RUNS} loads, CPU ${CPU_SLOWDOWN}× slower, 150 ms round trips at 1.6 Mbit/s:`);
console.table(rows);
