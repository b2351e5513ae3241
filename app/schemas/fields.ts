import { fieldMessages as fm } from "~/messages/fields";
import {
  CITY_MAX,
  CITY_MIN,
  POSTAL_CODE_PATTERN,
  hasControlCharacters,
  normalisePhone,
  normalisePostalCode,
} from "./field-rules";
import { z } from "./zod";

export { CITY_MAX, CITY_MIN, POSTAL_CODE_PATTERN, hasControlCharacters, normalisePhone, normalisePostalCode };

// One home for the rules of the fields every form shares (e-mail, phone, names, address, postal
// code, city, passwords, free text). Each form passes its own wording where the specification
// gives one (spec 000 §5, 001 §5), but the rule is the same everywhere, so the forms cannot drift
// apart again. Conform turns an empty field into `undefined`, so a field's `missing` message is
// what an empty field says.
//
// Every text field refuses control characters (a NUL byte cannot even be stored in PostgreSQL);
// multi-line text keeps tabs and line breaks. Refusing rather than silently stripping tells a
// person that what they pasted is not what will be saved.

export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 200;
/** A phone number as typed: +358 or 0 and 6–14 digits once spaces and hyphens are removed. */
export const PHONE_PATTERN = /^(\+358|0)\d{6,14}$/;
// Letters of any alphabet (so ä, ö, å, é…), combining marks, spaces, hyphens and apostrophes.
export const NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;

/**
 * A string field: `missing` when absent or not a string, control characters refused, trimmed.
 * The control-character check aborts, so nothing else is said about such a value.
 */
export function textField(missing: string, { multiline = false } = {}) {
  return z
    .string({ error: missing })
    .refine((value) => !hasControlCharacters(value, { multiline }), { error: fm.controlCharacters, abort: true })
    .trim();
}

/** Free text with a length range (bio, description, message). */
export function freeText(options: {
  missing: string;
  min?: number;
  tooShort?: string;
  max: number;
  tooLong?: string;
  multiline?: boolean;
}) {
  const base = textField(options.missing, { multiline: options.multiline ?? true });
  const withMin = options.min ? base.min(options.min, { error: options.tooShort ?? options.missing }) : base;
  return withMin.max(options.max, { error: options.tooLong ?? fm.textTooLong });
}

/** An optional free text: empty is fine; otherwise the same checks as freeText. */
export function optionalText(options: { max: number; tooLong?: string; multiline?: boolean }) {
  return freeText({ missing: fm.textTooLong, ...options }).optional();
}

export function emailField(messages: { missing?: string; invalid?: string; tooLong?: string } = {}) {
  const invalid = messages.invalid ?? fm.invalidEmail;
  return textField(messages.missing ?? invalid)
    .max(EMAIL_MAX, { error: messages.tooLong ?? fm.emailTooLong })
    .pipe(z.email({ error: invalid }));
}

// Spaces and hyphens are how numbers are written on paper ('040 123 4567'): accepted and removed.
export function phoneField(messages: { missing?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? fm.invalidPhone;
  return textField(messages.missing ?? invalid)
    .max(40, { error: invalid })
    .transform(normalisePhone)
    .pipe(z.string().regex(PHONE_PATTERN, { error: invalid }));
}

/** A phone number kept as written (e.g. "+358 40 123 4567"), valid by the same rule. */
export function phoneAsWritten(messages: { missing?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? fm.invalidPhone;
  return textField(messages.missing ?? invalid)
    .max(40, { error: invalid })
    .refine((value) => PHONE_PATTERN.test(normalisePhone(value)), { error: invalid });
}

export function personName(messages: { missing: string; tooShort: string; tooLong: string; invalid?: string }, max: number) {
  return textField(messages.missing)
    .min(2, { error: messages.tooShort })
    .max(max, { error: messages.tooLong })
    .regex(NAME_PATTERN, { error: messages.invalid ?? fm.nameInvalid });
}

export function addressField(messages: { missing: string; tooShort: string; tooLong: string }) {
  return textField(messages.missing)
    .min(ADDRESS_MIN, { error: messages.tooShort })
    .max(ADDRESS_MAX, { error: messages.tooLong });
}

export function postalCodeField(messages: { missing?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? fm.postalCode;
  return textField(messages.missing ?? invalid)
    .transform(normalisePostalCode)
    .pipe(z.string().regex(POSTAL_CODE_PATTERN, { error: invalid }));
}

export function cityField(messages: { missing: string; tooShort: string; tooLong: string }) {
  return textField(messages.missing)
    .min(CITY_MIN, { error: messages.tooShort })
    .max(CITY_MAX, { error: messages.tooLong });
}

/** The password typed at sign-in: only its length is checked (older rules may have allowed more). */
export function signInPasswordField() {
  return z
    .string({ error: fm.passwordTooShort })
    .min(PASSWORD_MIN, { error: fm.passwordTooShort })
    .max(PASSWORD_MAX, { error: fm.passwordTooLong });
}

/**
 * Every new password in the app (sign-up, helper registration, reset, change): 8–72 characters
 * with an upper-case letter, a lower-case letter and a digit (spec 000 §5; decision record 0011).
 * 72 is also what sign-in accepts, so no password can be set that cannot be used.
 */
export function newPasswordField(messages: { tooShort?: string } = {}) {
  const tooShort = messages.tooShort ?? fm.passwordTooShort;
  return z
    .string({ error: tooShort })
    .min(PASSWORD_MIN, { error: tooShort })
    .max(PASSWORD_MAX, { error: fm.passwordTooLong })
    .regex(/\p{Lu}/u, { error: fm.passwordNeedsUpper })
    .regex(/\p{Ll}/u, { error: fm.passwordNeedsLower })
    .regex(/[0-9]/, { error: fm.passwordNeedsDigit });
}

/** '40', '40,5' or '40,50' euros → 4000, 4050, 4050 cents; null for anything else. */
export function eurosToCents(value: string): number | null {
  const match = /^\s*(\d{1,4})(?:[,.](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** An amount of euros as typed (a decimal comma or point), given as cents within a range. */
export function eurosField(
  messages: { missing: string; invalid: string; tooLow: string; tooHigh: string },
  range: { minCents: number; maxCents: number },
) {
  return textField(messages.missing)
    .max(20, { error: messages.invalid })
    .transform((value, ctx) => {
      const cents = eurosToCents(value);
      const problem =
        cents === null ? messages.invalid : cents < range.minCents ? messages.tooLow : cents > range.maxCents ? messages.tooHigh : null;
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return cents as number;
    });
}

/** A checkbox: it sends 'on' when ticked and nothing otherwise. */
export function ticked(message: string) {
  return z.literal("on", { error: message }).transform(() => true as const);
}

/** An optional hidden or technical field (a token, an intent): never longer than `max`. */
export function optionalToken(max = 4000) {
  return z
    .string()
    .max(max, { error: fm.textTooLong })
    .refine((value) => !hasControlCharacters(value), { error: fm.controlCharacters })
    .optional();
}
