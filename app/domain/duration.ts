// Booking duration (DESIGN.md decision 4): quick buttons 1, 2, 3, 4, 5, 6 and 8 hours, or a
// typed whole number of hours 1–24; the default is 2. Without JavaScript both the pressed button
// and the typed field arrive in one submission, so this decides which one the customer meant.
// Pure functions, no I/O.
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS } from "./pricing";

export const DURATION_CHOICES = [1, 2, 3, 4, 5, 6, 8] as const;
export const DEFAULT_DURATION = 2;

export type DurationError = "not_integer" | "too_short" | "too_long" | "invalid_choice";

export type DurationResult =
  | { ok: true; hours: number; source: "manual" | "button" | "default" }
  | { ok: false; error: DurationError; field: "manual" | "button" };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * Parses a typed number of hours: whole numbers 1–24 ('5', ' 05 ', also '5.0' and '5,0' as a
 * Finnish keyboard may give). Anything else is an error saying why.
 */
export function parseDurationHours(value: unknown): { ok: true; hours: number } | { ok: false; error: DurationError } {
  let hours: number;
  if (typeof value === "number") {
    hours = value;
  } else if (typeof value === "string" && /^[+-]?\d+(?:[.,]\d+)?$/.test(value.trim())) {
    hours = Number(value.trim().replace(",", "."));
  } else {
    return { ok: false, error: "not_integer" };
  }
  if (!Number.isFinite(hours) || !Number.isInteger(hours)) return { ok: false, error: "not_integer" };
  if (hours < MIN_DURATION_HOURS) return { ok: false, error: "too_short" };
  if (hours > MAX_DURATION_HOURS) return { ok: false, error: "too_long" };
  return { ok: true, hours };
}

/**
 * The duration the customer chose. A typed manual value wins over a button (spec 000 §2: typing a
 * valid value deselects the buttons); a typed value that is not valid is an error rather than a
 * silent fall-back to the button, so the customer never pays for a duration they did not see.
 * A button must be one of DURATION_CHOICES. Neither given: the default, 2 hours.
 */
export function resolveDuration(input: { button?: unknown; manual?: unknown }): DurationResult {
  if (!isBlank(input.manual)) {
    const manual = parseDurationHours(input.manual);
    if (!manual.ok) return { ok: false, error: manual.error, field: "manual" };
    return { ok: true, hours: manual.hours, source: "manual" };
  }
  if (!isBlank(input.button)) {
    const button = parseDurationHours(input.button);
    if (!button.ok || !(DURATION_CHOICES as readonly number[]).includes(button.hours)) {
      return { ok: false, error: "invalid_choice", field: "button" };
    }
    return { ok: true, hours: button.hours, source: "button" };
  }
  return { ok: true, hours: DEFAULT_DURATION, source: "default" };
}
