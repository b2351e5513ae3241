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
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Generous: on a 2-core CI machine two browsers, the server and its embedded database share the CPU.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    locale: "fi-FI",
    timezoneId: "Europe/Helsinki",
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions: chromium } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions: chromium } },
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
    },
  },
});
