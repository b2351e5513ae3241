/**
 * When a failed job is tried again. Exponential: 30 s after the first failure, then 1 min,
 * 2 min, … capped at one hour, so a mail server that is down for a while is not hammered but a
 * short outage costs only seconds. Up to 20 % is taken off at random (jitter) so that jobs which
 * failed together (one outage) do not all come back in the same instant; taking rather than
 * adding keeps every delay within the cap.
 */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60_000;
export const RETRY_JITTER = 0.2;

/** `attempts` is how many times the job has run, counting the one that just failed (≥ 1). */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempts) - 1);
  // 2^exponent overflows to Infinity for absurd attempt counts; the cap keeps it finite.
  const base = Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_CAP_MS);
  return Math.round(base * (1 - RETRY_JITTER * random()));
}
