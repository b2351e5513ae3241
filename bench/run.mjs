// `npm run bench`: the built app in production mode, measured side by side with a raw Node server
// that sends the same bytes (issue 15). One run on PostgreSQL and one on the embedded PGlite;
// prints requests per second of app and raw Node and their ratio, latency percentiles, and the
// app's resident memory at idle and after the load. On PostgreSQL it also times the booking
// submit, BENCH_SUBMIT_CLIENTS (default 50) clients at once (bench/booking-submit.mjs), in the
// same table.
//
// Needs a build (`npm run build`) and PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres: a database `arkikaveri_bench_<port>` is created
// there, filled with the demo data and dropped afterwards). BENCH_SECONDS (default 10) and
// BENCH_CONNECTIONS (default 20) tune the page load, BENCH_SUBMITS (default 100) the number of
// bookings; BENCH_BOT_CHECK=question answers the no-JavaScript question instead of solving the
// ALTCHA challenges (seconds of CPU each, before the clock starts). BENCH_PORT (default 3900) and
// the port after it are the app's and the raw server's; BENCH_ONLY=submit skips the pages and PGlite.
// BENCH_PROF=<dir> has the app write a V8 CPU profile there when it stops (node --cpu-prof), to see
// where a request's time goes.
import { fork, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { measureBookingSubmit } from "./booking-submit.mjs";
import { waitFor } from "./production-app.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_PORT = Number(process.env.BENCH_PORT ?? 3900);
const RAW_PORT = APP_PORT + 1;
// Named after the port, so that two benches on one machine (on their own ports) never share it.
const DB_NAME = `arkikaveri_bench_${APP_PORT}`;
const SUBMIT_CLIENTS = Number(process.env.BENCH_SUBMIT_CLIENTS ?? 50);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 100);
/** How the virtual clients pass the bot check: "altcha" (the widget's proof of work) or "question" (no JavaScript). */
const BOT_CHECK = process.env.BENCH_BOT_CHECK === "question" ? "question" : "altcha";
const ONLY_SUBMIT = process.env.BENCH_ONLY === "submit";
/** The goal for the booking submit. */
const SUBMIT_P99_GOAL_MS = 100;
const PAGES = ["/", "/kayttoehdot", "/varaa"];
/** The heap flags `npm start` and the Dockerfile run the server with (a small service's heap). */
const SERVER_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=256", ...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [])];

const postgresUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const scratch = mkdtempSync(path.join(tmpdir(), "arkikaveri-bench-"));

const baseEnv = {
  NODE_ENV: "production",
  PORT: String(APP_PORT),
  SESSION_SECRET: "bench-session-secret-0123456789",
  ALTCHA_HMAC_KEY: "bench-altcha-key-0123456789",
  LOG_LEVEL: "warn",
  SMTP_URL: "",
  STRIPE_SECRET_KEY: "",
};

async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`))));
  });
}

const residentMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);

const load = (url) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS }, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** Starts `node build/server.js` with `env`, runs `work(pid)`, stops it. */
async function withApp(env, work) {
  const app = spawn("node", [...SERVER_FLAGS, "build/server.js"], { env: { ...process.env, ...baseEnv, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/healthz`, 500);
    await sleep(2000);
    return await work(app.pid);
  } finally {
    app.kill("SIGTERM");
    await new Promise((resolve) => app.once("exit", resolve));
  }
}

async function measure(database, pid, raw) {
  const idle = residentMb(pid);
  const rows = [];
  for (const page of PAGES) {
    const ofApp = await load(`http://127.0.0.1:${APP_PORT}${page}`);
    const ofRaw = raw.get(page);
    rows.push({
      database,
      request: `GET ${page}`,
      "app req/s": Math.round(ofApp.requests.average),
      "raw Node req/s": Math.round(ofRaw.requests.average),
      "app / raw": `${((ofApp.requests.average / ofRaw.requests.average) * 100).toFixed(1)} %`,
      "p50 ms": ofApp.latency.p50,
      // autocannon reports p90 and p97.5, not p95.
      "p95 ms": "",
      "p99 ms": ofApp.latency.p99,
      requests: ofApp.requests.total,
      errors: ofApp.errors + ofApp.non2xx,
    });
  }
  return { rows, memory: { database, "resident MB at idle": idle, "resident MB after the load": residentMb(pid) } };
}

const submitNotes = [];

/** The booking submit's row of the table (bench/booking-submit.mjs). */
async function measureSubmit(database, pid) {
  const result = await measureBookingSubmit({
    origin: `http://127.0.0.1:${APP_PORT}`,
    clients: SUBMIT_CLIENTS,
    submits: SUBMITS,
    botCheck: BOT_CHECK,
    serverPid: pid,
    log: (line) => console.error(`booking submit: ${line}`),
  });
  for (const failure of new Set(result.failures)) console.error(`booking submit failed: ${failure}`);
  submitNotes.push(
    `booking submit: ${result.requests} in ${result.seconds.toFixed(1)} s, the slowest ${result.max} ms; ` +
      `the server's CPU per submit ${result.cpuPerSubmit} ms while they ran, ${result.cpuPerSubmitWithJobs} ms with the e-mail jobs they queued; ` +
      `${result.helperChosen} picked a helper, the rest 'Ei väliä'`,
  );
  return {
    database,
    request: `POST /varaa/yhteystiedot (invoice, ${BOT_CHECK}, ${SUBMIT_CLIENTS} clients)`,
    "app req/s": Math.round(result.perSecond),
    "raw Node req/s": "",
    "app / raw": "",
    "p50 ms": result.p50,
    "p95 ms": result.p95,
    "p99 ms": `${result.p99} (goal < ${SUBMIT_P99_GOAL_MS}: ${result.p99 < SUBMIT_P99_GOAL_MS ? "met" : "missed"})`,
    requests: result.requests,
    errors: result.failures.length,
  };
}

await admin(`DROP DATABASE IF EXISTS ${DB_NAME}`);
await admin(`CREATE DATABASE ${DB_NAME}`);
let rawServer;
try {
  // TRUST_PROXY=1 as behind one load balancer: the submit's virtual clients each send an address
  // of their own (X-Forwarded-For), which the rate limits count; the page runs send none.
  const postgresEnv = { DATABASE_URL: postgresUrl, DATA_DIR: path.join(scratch, "pg-data"), TRUST_PROXY: "1" };
  const pgliteEnv = { DATABASE_URL: "", DATA_DIR: path.join(scratch, "pglite-data") };
  // Demo data (services, helpers, orders) in both, as a visitor would find them.
  await run("node_modules/.bin/tsx", ["scripts/seed.ts"], { ...baseEnv, ...postgresEnv, NODE_ENV: "development" });
  if (!ONLY_SUBMIT) await run("node_modules/.bin/tsx", ["scripts/seed.ts"], { ...baseEnv, ...pgliteEnv, NODE_ENV: "development" });

  const results = await withApp(postgresEnv, async (pid) => {
    if (ONLY_SUBMIT) return { postgres: { rows: [await measureSubmit("PostgreSQL", pid)], memory: null } };
    // The raw server sends, for each path, the bytes the app sent (uncompressed: autocannon does
    // not ask for compression); it is measured first, alone on the machine.
    const bodies = {};
    for (const page of PAGES) bodies[page] = await (await fetch(`http://127.0.0.1:${APP_PORT}${page}`)).text();
    writeFileSync(path.join(scratch, "bodies.json"), JSON.stringify(bodies));
    rawServer = fork("bench/raw-server.mjs", [String(RAW_PORT), path.join(scratch, "bodies.json")], { stdio: "inherit" });
    await new Promise((resolve) => rawServer.once("message", resolve));
    const raw = new Map();
    for (const page of PAGES) raw.set(page, await load(`http://127.0.0.1:${RAW_PORT}${page}`));
    rawServer.kill();
    const postgres = await measure("PostgreSQL", pid, raw);
    // After the pages (and their memory reading): it writes orders the pages do not show.
    postgres.rows.push(await measureSubmit("PostgreSQL", pid));
    return { raw, postgres };
  });
  const pglite = ONLY_SUBMIT ? null : await withApp(pgliteEnv, (pid) => measure("PGlite", pid, results.raw));

  console.log(
    `\n${SECONDS} s per page run, ${CONNECTIONS} connections; booking submit: ${SUBMITS} bookings, ${SUBMIT_CLIENTS} at a time. ` +
      `NODE_ENV=production, node ${SERVER_FLAGS.join(" ")} build/server.js (what npm start runs); load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}\n`,
  );
  console.table([...results.postgres.rows, ...(pglite?.rows ?? [])]);
  for (const note of submitNotes) console.log(note);
  if (pglite) console.table([results.postgres.memory, pglite.memory]);
} finally {
  rawServer?.kill();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME}`).catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
}
