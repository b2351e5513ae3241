import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/integration/support/setup.ts"],
          // Each file gets its own database; PGlite is single-threaded WASM, so keep files apart.
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file books from one client address; the booking limits have their own test.
          env: { NODE_ENV: "test", LOG_LEVEL: "warn", WORKER: "off", GUEST_BOOKINGS_PER_IP: "1000", GUEST_BOOKINGS_PER_EMAIL: "1000", SIGN_UPS_PER_IP: "1000", SIGN_UPS_PER_EMAIL: "1000" },
        },
      },
    ],
  },
});
