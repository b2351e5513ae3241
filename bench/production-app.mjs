// The built server in production mode on a fresh embedded database, for the browser benchmarks
// (lighthouse.mjs, page-load.mjs), and the wait for a server to answer (also run.mjs). Run after
// `npm run build`.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Waits until `url` answers 200, checking every `interval` ms, two minutes at the most. */
export async function waitFor(url, interval = 250) {
  for (let attempt = 0; attempt < 120_000 / interval; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(interval);
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The contact step's address: the first service /varaa offers, a weekday two weeks ahead at 10:00
 * for two hours in Helsinki, any helper. The page answers 200 only for a draft it accepts.
 */
async function contactStepPath(origin) {
  const day = new Date(Date.now() + 14 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const when = { paiva: day.toISOString().slice(0, 10), aika: "10:00", kesto: "2" };
  // Step 1 lists the services once a time is chosen.
  const html = await (await fetch(`${origin}/varaa?${new URLSearchParams(when)}`)).text();
  const service = /<input[^>]*name="palvelu"[^>]*value="([^"]+)"/.exec(html)?.[1];
  if (!service) throw new Error("/varaa offered no service");
  const draft = new URLSearchParams({
    ...when,
    palvelu: service,
    postinumero: "00100",
    kaupunki: "Helsinki",
    kaveri: "ei-valia",
  });
  const pagePath = `/varaa/yhteystiedot?${draft}`;
  const answer = await fetch(`${origin}${pagePath}`, { redirect: "manual" });
  if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}, not the contact step`);
  return pagePath;
}

/**
 * Starts the server on `port` and waits until it answers. `pathOf(name)` turns a page's name into
 * its address (`contact-step` is step 3 of /varaa with a draft) and warms the page up, so that a
 * first measurement does not pay for the server's warm-up.
 */
export async function startProductionApp(port) {
  const origin = `http://localhost:${port}`;
  const data = mkdtempSync(path.join(tmpdir(), "arkikaveri-app-"));
  // Production seeds nothing, but the booking's helper step offers "Ei väliä" only when a helper
  // can come (decision 0021): the demo helpers are seeded into the throwaway database first.
  execFileSync("npx", ["tsx", "scripts/seed.ts", "--force"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", DATA_DIR: data, SESSION_SECRET: "benchmark-session-secret-0123456789", ALTCHA_HMAC_KEY: "benchmark-altcha-key-0123456789", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const child = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: "",
      DATA_DIR: data,
      SESSION_SECRET: "benchmark-session-secret-0123456789",
      ALTCHA_HMAC_KEY: "benchmark-altcha-key-0123456789",
      APP_URL: origin,
      LOG_LEVEL: "warn",
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    rmSync(data, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    stop,
    async pathOf(name) {
      const pagePath = name === "contact-step" ? await contactStepPath(origin) : name;
      for (let warmUp = 0; warmUp < 5; warmUp++) await (await fetch(`${origin}${pagePath}`)).text();
      return pagePath;
    },
  };
}
