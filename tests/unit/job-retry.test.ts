import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RETRY_CAP_MS, retryDelayMs } from "~/domain/job-retry";

describe("retryDelayMs", () => {
  it("waits 30 s after the first failure and doubles after each further one", () => {
    const noJitter = () => 0;
    expect(retryDelayMs(1, noJitter)).toBe(30_000);
    expect(retryDelayMs(2, noJitter)).toBe(60_000);
    expect(retryDelayMs(3, noJitter)).toBe(120_000);
    expect(retryDelayMs(7, noJitter)).toBe(1_920_000);
  });

  it("never waits longer than an hour, however many attempts", () => {
    expect(retryDelayMs(8, () => 0)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(5000, () => 0)).toBe(RETRY_CAP_MS);
  });

  it("takes at most a fifth off at random, so failures of one outage spread out", () => {
    expect(retryDelayMs(1, () => 0.999_999)).toBe(24_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempts, r) => {
        const base = retryDelayMs(attempts, () => 0);
        const delay = retryDelayMs(attempts, () => r);
        expect(delay).toBeLessThanOrEqual(base);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(RETRY_CAP_MS);
      }),
    );
  });

  it("grows with the attempt count until the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (attempts) => {
        expect(retryDelayMs(attempts + 1, () => 0)).toBeGreaterThanOrEqual(retryDelayMs(attempts, () => 0));
      }),
    );
  });
});
