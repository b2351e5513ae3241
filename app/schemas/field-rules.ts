// The few field rules that code without a form library needs too (the booking draft's check of
// the visit's place runs in the browser bundle of the booking steps, which must not load Zod).
// app/schemas/fields.ts builds the Zod fields from these and re-exports them.

export const CITY_MIN = 2;
export const CITY_MAX = 100;
export const POSTAL_CODE_PATTERN = /^[0-9]{5}$/;

// People write numbers as they read them aloud: "00 530", "040 123 4567", "040-123 4567" (and a
// phone's keyboard or a paste may give a no-break space). These are the same postal code or phone
// number, so the spaces (and a phone's hyphens) are removed before the rule is checked.

/** A postal code as typed, without its spaces ("00 530" → "00530"). */
export function normalisePostalCode(value: string): string {
  return value.replace(/\s+/g, "");
}

/** A phone number as typed, without its spaces and hyphens ("040-123 4567" → "0401234567"). */
export function normalisePhone(value: string): string {
  return value.replace(/[\s-]+/g, "");
}

// Matching control characters is the point of these two.
/* eslint-disable no-control-regex */
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/* eslint-enable no-control-regex */

/** True when `value` has a character no text field accepts (line breaks only where multi-line). */
export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value);
}

