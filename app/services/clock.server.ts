import { env } from "../env.server";

// The server's one clock for the rules that follow time (a visit's start and completion, the
// auto-complete job, what a helper may still see; decision 0018). Outside production a test can
// move it: integration tests call setTestClock, e2e tests post to the dev-only page /dev/kello.
// The offset lives in this process only (a moved clock is a test device, not shared state); with
// NODE_ENV=production setTestClock refuses and now() is the real time, always.

// server.ts bundles its own copy of this module (with the inline worker) beside the Remix build's
// (with /dev/kello), so the offset is kept on globalThis: one per process, as said above, rather
// than one per copy, else the inline worker would never see the moved clock.
const globalKey = Symbol.for("arkikaveri.testClockOffsetMs");
type GlobalWithClock = typeof globalThis & { [globalKey]?: number };
const clock = globalThis as GlobalWithClock;

function getOffset(): number {
  return clock[globalKey] ?? 0;
}

export function now(): Date {
  return new Date(Date.now() + getOffset());
}

/**
 * How far the test clock is moved (0 unless a test moved it). The worker adds it to the database's
 * now() when it asks which jobs are due, so a reminder set for the moved "now" is sent then.
 */
export function clockOffsetMs(): number {
  return getOffset();
}

export function isTestClockAvailable(): boolean {
  return env().NODE_ENV !== "production";
}

/** Makes now() read `at` from here on (time keeps running from there); null puts it back to real time. */
export function setTestClock(at: Date | null): void {
  if (!isTestClockAvailable()) throw new Error("setTestClock: the test clock is not available in production");
  clock[globalKey] = at === null ? 0 : at.getTime() - Date.now();
}

export function isTestClockMoved(): boolean {
  return getOffset() !== 0;
}
