// The booking submit of `npm run bench` (issue 15: "booking submit p99 < 100 ms at 50 concurrent
// clients on PostgreSQL"). The bench is an ordinary client of the production server: nothing in
// the app is switched off for it.
//
// Before the clock starts, each submit is prepared the way a visitor gets there: the time step
// (/varaa), the helper step (/varaa/kaveri, where every other visitor picks the first helper
// offered and the rest 'Ei väliä') and the contact step (/varaa/yhteystiedot) are fetched with
// the virtual client's cookies; then the bot check is passed as a browser with JavaScript does
// (the ALTCHA challenge the widget would fetch from /api/altcha-challenge, solved here with
// altcha-lib at the production cost: seconds of CPU each) or, with botCheck "question", as one
// without (the contact step's signed "Paljonko on A + B?" answered). Then `clients` submits are
// in flight at all times until all are sent, each POST timed from sending to the last byte of
// the answer (the 302 to the thank-you page). The first submit is sent alone and not counted.
//
// Each virtual client has an address of its own (X-Forwarded-For, with TRUST_PROXY=1 on the
// bench server, as behind one load balancer), so the guest-booking limits and the challenge cost
// count per client as they would for real visitors. Each submit books its own day and an e-mail
// address nobody has used: a new guest's first invoice order (invoice, e-mail with the PDF and
// a set-password link, and the chosen helper's e-mail), the payment method that works in
// production without Stripe; an online order would end in a call to Stripe's API.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** Helsinki's calendar date `days` from now, 'yyyy-MM-dd'. */
function helsinkiDate(days) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Helsinki", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );
  return parts;
}

/** A client's cookies: what its browser would send back. */
class CookieJar {
  #cookies = new Map();
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Without JavaScript: the signed question the contact step rendered ("Paljonko on 2 + 3?"), answered. */
function answeredQuestion(page) {
  const question = /Paljonko on (\d+) \+ (\d+)\?/.exec(page);
  const token = /<input[^>]*name="botCheckToken"[^>]*value="([^"]+)"/.exec(page)?.[1];
  if (!question || !token) throw new Error("the contact step has no bot-check question");
  return { botCheckToken: token, botCheck: String(Number(question[1]) + Number(question[2])) };
}

/** CPU time a process has used, user and system, in milliseconds (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];

/**
 * Prepares `submits` bookings spread over `clients` virtual clients, posts them `clients` at a
 * time and returns the latency percentiles. `origin` is the bench server (http://127.0.0.1:port);
 * with `serverPid` also the server's CPU time per submit.
 */
export async function measureBookingSubmit({
  origin,
  clients,
  submits,
  botCheck = "altcha",
  serverPid = null,
  firstDay = 2,
  solveConcurrency = 4,
  log = () => {},
}) {
  const headersOf = (client) => ({ "X-Forwarded-For": client.ip, Cookie: client.jar.header() });
  async function get(client, path, { expect = 200 } = {}) {
    const response = await fetch(`${origin}${path}`, { headers: headersOf(client), redirect: "manual" });
    client.jar.take(response);
    const body = await response.text();
    if (response.status !== expect) throw new Error(`GET ${path} answered ${response.status}, expected ${expect}`);
    return body;
  }

  // Fresh addresses on every run, so a rerun against the same server is not counted with the last.
  const network = 16 + Math.floor(Math.random() * 200);
  const virtualClients = Array.from({ length: clients }, (_, index) => ({
    ip: `10.${network}.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    jar: new CookieJar(),
  }));

  /** The widget's field: a challenge fetched as the widget does and solved at its full cost. */
  async function solvedAltcha(client) {
    const challenge = JSON.parse(await get(client, "/api/altcha-challenge"));
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("the ALTCHA challenge could not be solved");
    return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
  }

  // One day of its own for every submit (a second visit a day, at 14, once the window's days run
  // out), from the day after tomorrow on, so that no two submits compete for a helper's time.
  const DAYS = 170;
  if (submits + 1 > 2 * DAYS) throw new Error(`at most ${2 * DAYS} submits (two visits a day in the booking window)`);
  const prepared = [];
  const stamp = Date.now().toString(36);
  log(`preparing ${submits} submits (walking the steps${botCheck === "altcha" ? " and solving the ALTCHA challenges" : ""}) …`);
  const preparedAt = performance.now();
  let next = 0;
  async function prepareOne(k) {
    const client = virtualClients[k % clients];
    const draft = new URLSearchParams({ paiva: helsinkiDate(firstDay + (k % DAYS)), aika: ["10:00", "14:00"][Math.floor(k / DAYS)], kesto: "2" });
    // The time step with the time picked offers the services: the visitor takes the first.
    const timePage = await get(client, `/varaa?${draft}`);
    const service = /<input[^>]*name="palvelu"[^>]*value="([0-9a-f-]{36})"/.exec(timePage)?.[1];
    if (!service) throw new Error(`no service offered on /varaa?${draft}`);
    draft.set("palvelu", service);
    draft.set("postinumero", "00100");
    draft.set("kaupunki", "Helsinki");
    const helperPage = await get(client, `/varaa/kaveri?${draft}`);
    const helpers = [...helperPage.matchAll(/<input[^>]*name="kaveri"[^>]*value="([0-9a-f-]{36})"/g)].map((match) => match[1]);
    draft.set("kaveri", k % 2 === 0 && helpers.length > 0 ? helpers[0] : "ei-valia");
    const contactPage = await get(client, `/varaa/yhteystiedot?${draft}`);
    const botCheckFields = botCheck === "altcha" ? { altcha: await solvedAltcha(client) } : answeredQuestion(contactPage);
    const email = `bench-${stamp}-${k}@example.fi`;
    prepared[k] = {
      client,
      path: `/varaa/yhteystiedot?${draft}`,
      email,
      helperChosen: draft.get("kaveri") !== "ei-valia",
      body: new URLSearchParams({
        bookingFor: "self",
        firstName: "Aino",
        lastName: "Virtanen",
        email,
        phone: "040 123 4567",
        address: "Runeberginkatu 15 A 4",
        postalCode: "00100",
        city: "Helsinki",
        specialNotes: "",
        paymentMethod: "invoice",
        discountCode: "",
        acceptTerms: "on",
        ...botCheckFields,
        intent: "book",
      }).toString(),
    };
  }
  // One more than timed: the first submit after start-up loads the PDF and mail code, which a
  // server that has been up for a while has long done.
  await Promise.all(
    Array.from({ length: solveConcurrency }, async () => {
      while (next < submits + 1) await prepareOne(next++);
    }),
  );
  log(`prepared in ${Math.round((performance.now() - preparedAt) / 1000)} s; submitting …`);

  const latencies = [];
  const failures = [];
  async function send(submit) {
    const sentAt = performance.now();
    const response = await fetch(`${origin}${submit.path}`, {
      method: "POST",
      body: submit.body,
      redirect: "manual",
      headers: {
        ...headersOf(submit.client),
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
      },
    });
    const answer = await response.text();
    const ms = performance.now() - sentAt;
    submit.client.jar.take(response);
    const location = response.headers.get("Location") ?? "";
    // A refused form says why in its error summary.
    const failure =
      response.status === 302 && location.startsWith("/varaus-maksu-onnistui")
        ? null
        : `${response.status} ${location}${/data-error-signature="([^"]*)"/.exec(answer)?.[1] ?? ""}`;
    return { ms, failure };
  }
  const warmUp = await send(prepared.shift());
  if (warmUp.failure) throw new Error(`the warm-up submit failed: ${warmUp.failure}`);

  // The timed part: `clients` submits in flight at all times until all are sent.
  let cursor = 0;
  const cpuBefore = serverPid ? cpuMs(serverPid) : null;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (cursor < prepared.length) {
        const { ms, failure } = await send(prepared[cursor++]);
        latencies.push(ms);
        if (failure) failures.push(failure);
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  // The server's own CPU time (user and system) per submit, whatever else shares the machine:
  // while the submits ran, and once the job worker (inline, as `npm start` runs it) has also
  // delivered the e-mails they queued and the server is idle again.
  const cpuAtEnd = serverPid ? cpuMs(serverPid) : null;
  let cpuSettled = cpuAtEnd;
  if (serverPid) {
    for (let second = 0; second < 120; second++) {
      await sleep(1000);
      const now = cpuMs(serverPid);
      const idle = now - cpuSettled < 30;
      cpuSettled = now;
      if (idle) break;
    }
  }
  const perSubmit = (ms) => (ms === null ? null : Math.round((ms - cpuBefore) / latencies.length));
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    failures,
    seconds,
    perSecond: latencies.length / seconds,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted[sorted.length - 1]),
    helperChosen: prepared.filter((submit) => submit.helperChosen).length,
    cpuPerSubmit: perSubmit(cpuAtEnd),
    cpuPerSubmitWithJobs: perSubmit(cpuSettled),
  };
}
