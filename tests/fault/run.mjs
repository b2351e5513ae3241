// The fault test of issue 30, part of `npm test` (after the build, in test:e2e). It runs the set as
// the README's recipe does (scripts/run-set.mjs: the migration once, 2 web processes, 2 workers) on
// a fresh database of the PostgreSQL server in DATABASE_URL, and checks that
//   1. a connection killed mid-transaction (pg_terminate_backend) leaves every process serving;
//   2. a setting changed on one web process is used by the other within a second;
//   3. a photo uploaded through one is served by the other (each process has a DATA_DIR of its
//      own, as on separate machines);
//   4. 50 queued e-mails, with a worker killed (SIGKILL) mid-batch, arrive once each within a
//      minute: the SMTP stand-in counts distinct Message-IDs, as a receiving side that drops copies
//      does (an e-mail keeps its Message-ID on every attempt); raw duplicates are reported apart;
//   5. a 3-second PostgreSQL outage under load (the set reaches the server through a TCP proxy,
//      which drops every connection and refuses new ones), with a worker killed mid-batch as it
//      begins: every web process serves again within seconds without being restarted, and every
//      queued e-mail arrives once (distinct Message-IDs).
// Without DATABASE_URL it says so and passes: the embedded database is one process by design.
// It has an overall time limit (FAULT_TIME_LIMIT_MS, 5 minutes), and drops its database and stops
// every process it started, whatever the outcome.
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startTcpProxy } from "./tcp-proxy.mjs";

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log("fault test skipped: DATABASE_URL is not set (it runs several processes on one PostgreSQL server)");
  process.exit(0);
}

const PORT = Number(process.env.FAULT_PORT ?? 3340);
const TIME_LIMIT_MS = Number(process.env.FAULT_TIME_LIMIT_MS ?? 300_000);
const A = `http://127.0.0.1:${PORT}`;
const B = `http://127.0.0.1:${PORT + 1}`;
const started = Date.now();
const dbName = `arkikaveri_fault_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;

const log = (message) => console.log(`[fault ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function check(condition, message) {
  if (!condition) throw new Error(`FAILED: ${message}`);
  log(`ok: ${message}`);
}
async function waitFor(what, test, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await test().catch(() => false);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`FAILED: ${what} (waited ${timeoutMs} ms)`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------- the SMTP stand-in
/** The Message-ID of every message accepted, in order, duplicates included ("?" for none). */
const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const header = Buffer.concat(chunks).toString("utf8").split(/\r?\n\r?\n/)[0];
      received.push(/^Message-ID:\s*(<[^>]+>)/im.exec(header)?.[1] ?? "?");
      // A real server takes a moment: the kill below lands mid-batch.
      setTimeout(() => callback(), 60);
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

// ---------------------------------------------------------------- a fresh database and the set
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const dataDir = fs.mkdtempSync("/tmp/arkikaveri-fault-");
// The set reaches PostgreSQL through this proxy (step 5 cuts it); the test's own connections do not.
const proxy = await startTcpProxy({ host: dbUrl.hostname || "127.0.0.1", port: Number(dbUrl.port || 5432) });
const proxiedUrl = new URL(dbUrl);
proxiedUrl.hostname = "127.0.0.1";
proxiedUrl.port = String(proxy.port);
let set;
const setOutput = [];
let failed = false;

let cleaning;
/** Stops the set (its supervisor and every child: one process group), drops the database; once. */
function cleanUp() {
  cleaning ??= (async () => {
    if (set && set.exitCode === null && set.signalCode === null) {
      set.kill("SIGTERM");
      await Promise.race([new Promise((resolve) => set.once("exit", resolve)), sleep(15_000)]);
    }
    try {
      if (set) process.kill(-set.pid, "SIGKILL"); // whatever is left of the group
    } catch {
      // the group is gone: every process stopped
    }
    await proxy.close();
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch((error) => console.error(error.message));
    await admin.end().catch(() => {});
    await Promise.race([new Promise((resolve) => smtp.close(resolve)), sleep(5000)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
const watchdog = setTimeout(() => {
  console.error(`FAILED: the fault test ran over its time limit of ${TIME_LIMIT_MS / 1000} s`);
  console.error(setOutput.join("\n"));
  void cleanUp().finally(() => process.exit(1));
}, TIME_LIMIT_MS);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void cleanUp().finally(() => process.exit(1)));

try {
  const env = {
    ...process.env,
    DATABASE_URL: proxiedUrl.toString(),
    NODE_ENV: "production",
    SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
    ALTCHA_HMAC_KEY: crypto.randomBytes(24).toString("hex"),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: A,
    LOG_LEVEL: "error",
    WORKER_POLL_MS: "200",
    DB_POOL_SIZE: "4",
    DATA_DIR: dataDir,
  };
  // The demo people (a staff admin, a helper) for the checks: the seed refuses production.
  // Not execFileSync: the proxy the set goes through runs in this process's event loop.
  await promisify(execFile)(process.execPath, ["build/migrate.js"], { env });
  await promisify(execFile)("node_modules/.bin/tsx", ["scripts/seed.ts"], { env: { ...env, NODE_ENV: "development" } });

  set = spawn(process.execPath, ["scripts/run-set.mjs", "--web", "2", "--workers", "2", "--port", String(PORT), "--separate-data-dirs"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
    detached: true, // a process group of its own, so that clean-up can stop all of it
  });
  set.stdout.setEncoding("utf8");
  set.stdout.on("data", (text) => {
    for (const line of text.split("\n")) if (line.startsWith("[set]")) setOutput.push(line);
  });
  const pidOf = (name) => {
    const lines = setOutput.filter((line) => line.startsWith(`[set] started ${name} pid `));
    return lines.length ? Number(/pid (\d+)/.exec(lines.at(-1))[1]) : null;
  };
  const exits = (kind) => setOutput.filter((line) => line.startsWith(`[set] ${kind}`) && line.includes("exited")).length;

  for (const base of [A, B]) await waitFor(`${base}/healthz answers 200`, async () => (await fetch(`${base}/healthz`)).status === 200, 60_000);
  log("the set is up: 2 web processes, 2 workers");

  // ---------------------------------------------------------------- sessions
  async function signIn(base, email) {
    const response = await fetch(`${base}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ intent: "signin", email, password: "Arkikaveri2026" }),
    });
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    if (response.status !== 302 || !cookie) throw new Error(`FAILED: sign-in of ${email} on ${base} answered ${response.status}`);
    return cookie;
  }
  const adminCookie = await signIn(A, "admin@arkikaveri.test");
  const postForm = (base, path, cookie, fields) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
      body: new URLSearchParams(fields),
    });

  // ---------------------------------------------------------------- 1. a connection killed mid-transaction
  const webPids = [pidOf("web 1"), pidOf("web 2")];
  const locker = new pg.Client({ connectionString: dbUrl.toString() });
  await locker.connect();
  await locker.query("begin");
  await locker.query("select * from settings for update");
  const blocked = postForm(A, "/backoffice/settings", adminCookie, { intent: "contact", email: "tuki@arkikaveri.fi", phone: "+358 40 111 2222" });
  const victim = await waitFor(
    "the settings change waits on the lock",
    async () => (await locker.query("select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [dbName])).rows[0]?.pid,
    10_000,
  );
  await locker.query("select pg_terminate_backend($1)", [victim]);
  const answer = await blocked;
  await locker.query("rollback");
  await locker.end();
  const page = await answer.text();
  check(
    answer.status === 503 && answer.headers.get("retry-after") === "5" && page.includes("Palvelu on hetken ruuhkautunut"),
    `the request whose connection was killed is answered 503 with Retry-After and the Finnish page (${answer.status})`,
  );
  for (const base of [A, B]) {
    check((await fetch(`${base}/`)).status === 200, `${base} serves the next request`);
  }
  check(exits("web") === 0 && pidOf("web 1") === webPids[0] && pidOf("web 2") === webPids[1], "no web process exited or was restarted");

  // ---------------------------------------------------------------- 2. a setting changed on A, used by B
  const newPhone = `+358 40 ${String(crypto.randomInt(100, 999))} ${String(crypto.randomInt(1000, 9999))}`;
  check(!(await (await fetch(`${B}/`)).text()).includes(newPhone), "B shows the old contact phone (its copies are warm)");
  const changed = await postForm(A, "/backoffice/settings", adminCookie, { intent: "contact", email: "tuki@arkikaveri.fi", phone: newPhone });
  check(changed.status < 400, `the change is saved on A (${changed.status})`);
  const changedAt = Date.now();
  await waitFor("B shows the new phone within a second", async () => (await (await fetch(`${B}/`)).text()).includes(newPhone), 1000);
  log(`B showed it after ${Date.now() - changedAt} ms`);

  // ---------------------------------------------------------------- 3. a photo uploaded on A, served by B
  const helperCookie = await signIn(A, "kaveri@arkikaveri.test");
  const form = new FormData();
  form.set("intent", "caregiver");
  form.set("bio", "Autan mielelläni arjen asioissa ja ulkoilussa.");
  form.append("services", "companionship");
  form.append("languages", "suomi");
  form.set("photo", new Blob([fs.readFileSync("tests/e2e/fixtures/kasvokuva.png")], { type: "image/png" }), "kasvokuva.png");
  const upload = await fetch(`${A}/portal/profile`, { method: "POST", redirect: "manual", headers: { Origin: A, Cookie: helperCookie }, body: form });
  check(upload.status < 400, `the photo is uploaded through A (${upload.status})`);
  const row = await new pg.Client({ connectionString: dbUrl.toString() });
  await row.connect();
  const photoUrl = (await row.query("select profile_image_url from caregivers c join profiles p on p.id = c.profile_id where p.email = 'kaveri@arkikaveri.test'")).rows[0]?.profile_image_url;
  check(typeof photoUrl === "string" && photoUrl.startsWith("/kuvat/"), `the helper's photo is ${photoUrl}`);
  const photo = await fetch(`${B}${photoUrl}`, { headers: { Cookie: helperCookie } });
  check(photo.status === 200 && (photo.headers.get("content-type") ?? "").startsWith("image/"), `B serves it (${photo.status}, ${photo.headers.get("content-type")})`);
  const filesIn = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((name) => fs.statSync(`${dir}/${name}`).isFile()) : []);
  check(
    fs.existsSync(`${dataDir}/web-1`) && filesIn(`${dataDir}/web-1/uploads`).length + filesIn(`${dataDir}/web-2/uploads`).length === 0,
    "neither web process keeps it in its own folder (it is in the store every process reaches)",
  );

  // ---------------------------------------------------------------- 4. 50 e-mails, a worker killed mid-batch
  /** Queues `count` e-mails in one transaction, as the app does; their Message-IDs. */
  async function queueEmails(count, label) {
    const ids = [];
    await row.query("begin");
    for (let n = 1; n <= count; n++) {
      const email = await row.query(
        `insert into emails (to_address, from_address, subject, html, text) values ($1, 'Arkikaveri <noreply@arkikaveri.fi>', $2, '<p>Hei</p>', 'Hei') returning id`,
        [`vastaanottaja${n}@example.com`, `${label} ${n}`],
      );
      ids.push(email.rows[0].id);
      await row.query(`insert into jobs (type, payload) values ('email.deliver', $1)`, [JSON.stringify({ emailId: email.rows[0].id })]);
    }
    await row.query("commit");
    return new Set(ids.map((id) => `<${id}@arkikaveri.fi>`));
  }
  /** What the SMTP stand-in took since `from`: distinct Message-IDs of `wanted` and every raw delivery of them. */
  function arrivals(from, wanted) {
    const deliveries = received.slice(from).filter((id) => wanted.has(id));
    return { distinct: new Set(deliveries).size, raw: deliveries.length };
  }
  /** Waits until each of `wanted` has arrived (distinct Message-IDs) and reports the raw duplicates apart. */
  async function expectArrivals(from, wanted, queuedAt, timeoutMs, what) {
    await waitFor(`${what}: all ${wanted.size} arrive (distinct Message-IDs) within ${timeoutMs / 1000} s`, async () => arrivals(from, wanted).distinct === wanted.size, timeoutMs);
    const { distinct, raw } = arrivals(from, wanted);
    check(distinct === wanted.size, `${what}: ${distinct} of ${wanted.size} distinct Message-IDs arrived, ${((Date.now() - queuedAt) / 1000).toFixed(1)} s after queueing`);
    log(`${what}: ${raw - distinct} raw duplicate(s) at the SMTP stand-in (${raw} deliveries), each with its e-mail's Message-ID, so the receiving side drops them`);
  }

  const before = received.length;
  const wanted = await queueEmails(50, "Viesti");
  const queuedAt = Date.now();
  await waitFor("the workers start sending", async () => received.length - before >= 6, 20_000);
  const killed = pidOf("worker 1");
  process.kill(killed, "SIGKILL");
  log(`killed worker 1 (pid ${killed}) after ${received.length - before} deliveries`);
  await expectArrivals(before, wanted, queuedAt, 60_000, "50 e-mails, worker 1 killed");
  await waitFor("every e-mail is recorded sent", async () => (await row.query("select count(*)::int as n from emails where status = 'sent'")).rows[0].n >= 50, 10_000);
  check(setOutput.some((line) => line.startsWith("[set] worker 1 exited")) && pidOf("worker 1") !== killed, "the supervisor started worker 1 again");

  // ---------------------------------------------------------------- 5. a 3-second outage under load
  // Signed-in pages on both web processes, four requests at a time, through the outage.
  const load = { running: true, counts: new Map() };
  const loops = [A, B, A, B].map(async (base) => {
    while (load.running) {
      let outcome;
      try {
        const response = await fetch(`${base}/portal`, { headers: { Cookie: helperCookie }, redirect: "manual", signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        outcome = String(response.status);
      } catch (error) {
        outcome = error?.name === "TimeoutError" ? "timed out" : "no answer";
      }
      load.counts.set(outcome, (load.counts.get(outcome) ?? 0) + 1);
      await sleep(20);
    }
  });
  const webPidsBefore = [pidOf("web 1"), pidOf("web 2")];
  const outageBefore = received.length;
  const outageWanted = await queueEmails(30, "Katkos");
  const outageQueuedAt = Date.now();
  await waitFor("the workers start sending again", async () => received.length - outageBefore >= 4, 20_000);
  const victim2 = pidOf("worker 2");
  proxy.cut();
  process.kill(victim2, "SIGKILL");
  log(`PostgreSQL cut off from the set for 3 s; killed worker 2 (pid ${victim2}) after ${received.length - outageBefore} deliveries`);
  await sleep(3000);
  proxy.restore();
  const restoredAt = Date.now();
  for (const base of [A, B]) {
    await waitFor(
      `${base} serves a signed-in page again within 10 s of the outage`,
      async () => (await fetch(`${base}/portal`, { headers: { Cookie: helperCookie }, redirect: "manual", signal: AbortSignal.timeout(2000) })).status === 200,
      10_000,
    );
    log(`${base} served again ${Date.now() - restoredAt} ms after the outage`);
  }
  load.running = false;
  await Promise.all(loops);
  log(`requests during the outage step: ${[...load.counts].map(([outcome, n]) => `${outcome} × ${n}`).join(", ")}`);
  check(
    exits("web") === 0 && pidOf("web 1") === webPidsBefore[0] && pidOf("web 2") === webPidsBefore[1],
    "no web process exited or was restarted during the outage",
  );
  await expectArrivals(outageBefore, outageWanted, outageQueuedAt, 90_000, "30 e-mails, outage and worker 2 killed");
  const known = new Set((await row.query("select message_id from emails where message_id is not null")).rows.map((email) => email.message_id));
  const stray = received.filter((id) => !known.has(id));
  check(stray.length === 0, `every message at the stand-in carries its e-mail's Message-ID: no retry made a new one (${stray.length} others)`);
  await row.end();
  log("passed");
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  console.error(setOutput.join("\n"));
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
process.exit(failed ? 1 : 0);
