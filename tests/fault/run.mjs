// The fault test of issue 30, part of `npm test` (after the build, in test:e2e). It runs the set as
// the README's recipe does (scripts/run-set.mjs: the migration once, 2 web processes, 2 workers) on
// a fresh database of the PostgreSQL server in DATABASE_URL, and checks that
//   1. a connection killed mid-transaction (pg_terminate_backend) leaves every process serving;
//   2. a setting changed on one web process is used by the other within a second;
//   3. a photo uploaded through one is served by the other (each process has a DATA_DIR of its
//      own, as on separate machines);
//   4. 50 queued e-mails, with a worker killed (SIGKILL) mid-batch, each arrive within a minute,
//      at most the one in flight at the kill twice, and then with the same Message-ID.
// Without DATABASE_URL it says so and passes: the embedded database is one process by design.
// It drops its database and stops every process it started, whatever the outcome.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { SMTPServer } from "smtp-server";

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log("fault test skipped: DATABASE_URL is not set (it runs several processes on one PostgreSQL server)");
  process.exit(0);
}

const PORT = Number(process.env.FAULT_PORT ?? 3340);
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
const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push(/^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "?");
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
let set;
const setOutput = [];
let failed = false;

try {
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
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
  execFileSync(process.execPath, ["build/migrate.js"], { env, stdio: "ignore" });
  execFileSync("node_modules/.bin/tsx", ["scripts/seed.ts"], { env: { ...env, NODE_ENV: "development" }, stdio: "ignore" });

  set = spawn(process.execPath, ["scripts/run-set.mjs", "--web", "2", "--workers", "2", "--port", String(PORT), "--separate-data-dirs"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
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
  const before = received.length;
  const ids = [];
  await row.query("begin");
  for (let n = 1; n <= 50; n++) {
    const email = await row.query(
      `insert into emails (to_address, from_address, subject, html, text) values ($1, 'Arkikaveri <noreply@arkikaveri.fi>', $2, '<p>Hei</p>', 'Hei') returning id`,
      [`vastaanottaja${n}@example.com`, `Viesti ${n}`],
    );
    ids.push(email.rows[0].id);
    await row.query(`insert into jobs (type, payload) values ('email.deliver', $1)`, [JSON.stringify({ emailId: email.rows[0].id })]);
  }
  await row.query("commit");
  const queuedAt = Date.now();
  await waitFor("the workers start sending", async () => received.length - before >= 6, 20_000);
  const killed = pidOf("worker 1");
  process.kill(killed, "SIGKILL");
  log(`killed worker 1 (pid ${killed}) after ${received.length - before} deliveries`);
  const wanted = new Set(ids.map((id) => `<${id}@arkikaveri.fi>`));
  await waitFor(
    "every e-mail arrives within a minute",
    async () => new Set(received.slice(before).filter((id) => wanted.has(id))).size === 50,
    60_000,
  );
  const deliveries = received.slice(before).filter((id) => wanted.has(id)).length;
  log(`all 50 arrived ${((Date.now() - queuedAt) / 1000).toFixed(1)} s after queueing; ${deliveries} deliveries`);
  check(deliveries - 50 <= 1, `at most the one in flight at the kill arrived twice (${deliveries - 50} duplicate(s), each with its Message-ID)`);
  await waitFor("every e-mail is recorded sent", async () => (await row.query("select count(*)::int as n from emails where status = 'sent'")).rows[0].n >= 50, 10_000);
  check(setOutput.some((line) => line.startsWith("[set] worker 1 exited")) && pidOf("worker 1") !== killed, "the supervisor started worker 1 again");
  await row.end();
  log("passed");
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  console.error(setOutput.join("\n"));
} finally {
  if (set && set.exitCode === null) {
    set.kill("SIGTERM");
    await Promise.race([new Promise((resolve) => set.once("exit", resolve)), sleep(15_000)]);
    if (set.exitCode === null) set.kill("SIGKILL");
  }
  await admin.query(`drop database if exists "${dbName}" with (force)`).catch((error) => console.error(error.message));
  await admin.end();
  await new Promise((resolve) => smtp.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
