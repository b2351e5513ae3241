// Check digits of the identifiers printed on invoices: the company's business ID (Y-tunnus) and
// its bank account (IBAN). A typo in either sends customers' payments nowhere, so settings refuse
// values whose check digits do not match. Pure functions, no I/O.

const BUSINESS_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2] as const;

/**
 * Check digit of the seven-digit body of a Y-tunnus (Finnish Patent and Registration Office
 * rule): weighted sum mod 11; remainder 0 gives 0, remainder 1 is never issued, otherwise 11 − r.
 * Returns null for a body that cannot carry a valid check digit.
 */
export function businessIdCheckDigit(body: string): number | null {
  if (!/^[0-9]{7}$/.test(body)) return null;
  const sum = BUSINESS_ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(body[i]), 0);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return null;
  return 11 - remainder;
}

/** True for "1234567-8" style business IDs whose check digit matches. */
export function isValidBusinessId(value: string): boolean {
  const match = /^([0-9]{7})-([0-9])$/.exec(value);
  if (!match) return false;
  return businessIdCheckDigit(match[1]) === Number(match[2]);
}

/** Removes spaces and upper-cases, so "fi21 1234 5600 0007 85" and "FI2112345600000785" compare equal. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** ISO 13616 mod-97 check of an IBAN; Finnish IBANs are FI + 16 digits. */
export function isValidFinnishIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^FI[0-9]{16}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  // Piecewise mod keeps every intermediate value far below 2^53.
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** "FI2112345600000785" → "FI21 1234 5600 0007 85", the grouping printed on invoices. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}
