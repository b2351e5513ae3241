import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The built app in its embedded default (PGlite in a throwaway folder), as a new user runs it.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three in CI: a clean run passed with three and took about as long as with two (the 2-core
  // machine is CPU-bound either way; shorter walks are what would make it faster).
  workers: process.env.CI ? 3 : 2,
  retries: 0,
  // Generous: on a 2-core CI machine two browsers, the server and its embedded database share the CPU.
  timeout: 180_000,
  // Ten seconds for an answer; twenty in CI, where three browsers, the server and its embedded database
  // share two cores and one heavy request (a series booked, a PDF) can hold the others for seconds.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: "list",
  use: {
    baseURL,
    locale: "fi-FI",
    timezoneId: "Europe/Helsinki",
    // CI keeps only the printed log, so a trace there costs about a fifth of each test's CPU (measured
    // on one walk: 18 s with, 14 s without) and is never read. Locally a failure keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // A click on something that never comes fails in a minute with its locator named, instead of
    // holding the test (and, for the clock tests, the server's moved clock) until the test's timeout.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    launchOptions: chromium,
  },
  projects: [
    { name: "js-on", grepInvert: /@kello/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions: chromium } },
    { name: "js-off", grepInvert: /@kello/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromium } },
    // Tests that move the server's test clock (/dev/kello) change "now" for every request, so they
    // run after the others, one at a time, each walking both JavaScript ways itself.
    {
      name: "kello",
      grep: /@kello/,
      dependencies: ["js-on", "js-off"],
      workers: 1,
      // One more try for a clock test that fails half-way (each books other days on its retry,
      // RETRY_DAY_SHIFT): the server's clock is put back after every test (support/test.ts).
      retries: 1,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node --max-semi-space-size=4 --max-old-space-size=256 build/server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // Always the embedded default, even when DATABASE_URL points the integration tests at a
      // server: the e2e suite is what proves `npm start` on a fresh machine works.
      DATABASE_URL: "",
      SMTP_URL: "",
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      WORKER: "inline",
      WORKER_POLL_MS: "200",
      // Every test books from 127.0.0.1; the limits are tested in tests/integration/booking-limits.test.ts.
      GUEST_BOOKINGS_PER_IP: "1000",
      GUEST_BOOKINGS_PER_EMAIL: "1000",
      // Sign-ups too; their limits are tested in tests/integration/sign-up-limits.test.ts.
      SIGN_UPS_PER_IP: "1000",
      SIGN_UPS_PER_EMAIL: "1000",
      // Contact messages and requests too; their limit is tested in tests/integration.
      CONTACT_MESSAGES_PER_IP: "1000",
    },
  },
});
