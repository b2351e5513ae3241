import { CITY_MAX, CITY_MIN, POSTAL_CODE_PATTERN, hasControlCharacters, normalisePostalCode } from "~/schemas/field-rules";
import type { BookingDraft } from "./draft";

// The visit's place as the draft carries it, checked before the helper step (DESIGN.md decision
// 17). Apart from draft.ts, which the pages' browser bundle carries: only the server checks this.
// Pure, no I/O.

/** The visit's postal code (5 digits) and city (2–100 characters), as the helper step needs them. */
export function checkPlace(draft: BookingDraft): { ok: true; value: { postalCode: string; city: string } } | { ok: false } {
  const postalCode = draft.postalCode === null ? null : normalisePostalCode(draft.postalCode);
  const { city } = draft;
  if (!postalCode || !POSTAL_CODE_PATTERN.test(postalCode)) return { ok: false };
  if (!city || city.length < CITY_MIN || city.length > CITY_MAX || hasControlCharacters(city)) return { ok: false };
  return { ok: true, value: { postalCode, city } };
}
