// Lighthouse (mobile, the default form factor: a mid-range phone on a slow 4G line, simulated) on
// the pages of issue 15, against the built server in production mode on a fresh embedded
// database. Fails when a page scores below the goal in a category (or below its floor, where the
// performance goal is not met yet).
// Run after `npm run build`: `npm run lighthouse` (Debian Chromium at /usr/bin/chromium, or
// CHROMIUM_PATH). LIGHTHOUSE_PORT picks the port (3330 unless told).
//
// The performance score moves by a few points from run to run on a shared machine (Lighthouse
// simulates the slow phone from what it observes), so a page is judged by the median of three runs,
// as Lighthouse's docs advise. To keep `npm test` quick, a page whose first run is at or above its
// floors is not measured again; one below gets two more runs and the median decides.
// LIGHTHOUSE_RUNS=3 (or 5) measures every page that many times, e.g. for the README's table.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3330);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The five pages of issue 15. LIGHTHOUSE_PAGES="/,/auth" measures others; `contact-step` stands for
 * step 3 of /varaa with a draft in its address (worked out when the server is up).
 */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/varaa", "contact-step", "/auth", "/rekisteroidy-kaveriksi"];
/** Runs of every page; unset: one, and three for a page whose first run is below its floor. */
const RUNS = process.env.LIGHTHOUSE_RUNS ? Math.max(1, Number(process.env.LIGHTHOUSE_RUNS)) : undefined;
/** The goals of issue 15, as Lighthouse's 0–100 scores. */
const GOALS = { performance: 98, accessibility: 100, "best-practices": 100 };
/**
 * Where a page does not meet the performance goal yet, the check fails below this floor instead:
 * one point under the lowest single run measured on a quiet machine (95). A clear regression still
 * fails (the contact step scored 87–95 before decision 0014, which says what is left), and a slow
 * run on a busy machine does not. The table says how far each page is from the goal. Raise a
 * floor whenever a page gets faster.
 */
const PERFORMANCE_FLOORS = { "/varaa": 94, "contact-step": 94 };
const floorOf = (page, category) => (category === "performance" ? (PERFORMANCE_FLOORS[page] ?? GOALS.performance) : GOALS[category]);

const scratch = mkdtempSync(path.join(tmpdir(), "arkikaveri-lighthouse-"));
const base = `http://localhost:${PORT}`;

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${stderr}`))));
  });
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The contact step's address: the first service /varaa offers, a weekday two weeks ahead at 10:00
 * for two hours in Helsinki, any helper. The page answers 200 only for a draft it accepts.
 */
async function contactStepPath() {
  const day = new Date(Date.now() + 14 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const when = { paiva: day.toISOString().slice(0, 10), aika: "10:00", kesto: "2" };
  // Step 1 lists the services once a time is chosen.
  const html = await (await fetch(`${base}/varaa?${new URLSearchParams(when)}`)).text();
  const service = /<input[^>]*name="palvelu"[^>]*value="([^"]+)"/.exec(html)?.[1];
  if (!service) throw new Error("/varaa offered no service");
  const draft = new URLSearchParams({
    ...when,
    palvelu: service,
    postinumero: "00100",
    kaupunki: "Helsinki",
    kaveri: "ei-valia",
  });
  const path = `/varaa/yhteystiedot?${draft}`;
  const answer = await fetch(`${base}${path}`, { redirect: "manual" });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}, not the contact step`);
  return path;
}

const meetsFloors = (page, report) =>
  Object.keys(GOALS).every((category) => Math.round(report.categories[category].score * 100) >= floorOf(page, category));

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

async function measureOnce(page, name) {
  const report = path.join(scratch, `report-${name}.json`);
  await run(
    "node_modules/.bin/lighthouse",
    [
      `${base}${page}`,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${Object.keys(GOALS).join(",")}`,
      `--chrome-path=${CHROMIUM}`,
      "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync",
    ],
    { CHROME_PATH: CHROMIUM },
  );
  return JSON.parse(readFileSync(report, "utf8"));
}

const app = spawn("node", ["build/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    DATABASE_URL: "",
    DATA_DIR: path.join(scratch, "data"),
    SESSION_SECRET: "lighthouse-session-secret-0123456789",
    ALTCHA_HMAC_KEY: "lighthouse-altcha-key-0123456789",
    APP_URL: base,
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    STRIPE_SECRET_KEY: "",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

const rows = [];
let failed = false;
try {
  await waitFor(`${base}/healthz`);
  for (const name of PAGES) {
    const page = name === "contact-step" ? await contactStepPath() : name;
    // A few times before measuring, so that the first run does not pay for the server's warm-up.
    for (let warmUp = 0; warmUp < 5; warmUp++) await (await fetch(`${base}${page}`)).text();
    const reports = [];
    const runs = RUNS ?? 1;
    for (let attempt = 0; attempt < runs; attempt++) reports.push(await measure(page, `${rows.length}-${attempt}`));
    if (RUNS === undefined && !meetsFloors(name, reports[0])) {
      for (let attempt = 1; attempt < 3; attempt++) reports.push(await measure(page, `${rows.length}-${attempt}`));
    }
    reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const { categories, audits } = reports[Math.floor((reports.length - 1) / 2)];
    const row = { page: name };
    row["performance of each run"] = reports.map((report) => Math.round(report.categories.performance.score * 100)).join(" ");
    const below = [];
    for (const category of Object.keys(GOALS)) {
      const score = Math.round(categories[category].score * 100);
      row[category] = score;
      if (score < floorOf(name, category)) {
        below.push(category);
        // What cost the points, so a failure says where to look.
        for (const ref of categories[category].auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.error(`${name} ${category}: ${audit.id} ${audit.displayValue ?? ""} (score ${audit.score})`);
          }
        }
      }
    }
    row["first contentful paint"] = audits["first-contentful-paint"].displayValue;
    row["largest contentful paint"] = audits["largest-contentful-paint"].displayValue;
    row["total blocking time"] = audits["total-blocking-time"].displayValue;
    const short = GOALS.performance - row.performance;
    row["goal 98"] = short > 0 ? `${short} short (floor ${floorOf(name, "performance")})` : "met";
    row.check = below.length ? `BELOW: ${below.join(", ")}` : "ok";
    failed ||= below.length > 0;
    rows.push(row);
  }
} finally {
  app.kill("SIGTERM");
  await new Promise((resolve) => app.once("exit", resolve));
  rmSync(scratch, { recursive: true, force: true });
}

console.table(rows);
if (failed) {
  console.error(
    `A page scored below its floor (performance ${GOALS.performance} or the page's floor, accessibility ${GOALS.accessibility}, best practices ${GOALS["best-practices"]}). See above.`,
  );
  process.exit(1);
}
