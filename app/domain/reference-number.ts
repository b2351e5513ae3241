// Finnish domestic reference numbers (viitenumero) for invoices. Rule (Finance Finland, the
// banks' "Viitenumeron tarkisteen laskenta"): the base digits are multiplied right to left by
// 7, 3, 1, 7, 3, 1 …; the check digit is the distance from the sum up to the next multiple of ten
// (0 when the sum is one). A reference has 4–20 digits in all (base 3–19), no leading zeros, and
// is printed in groups of five counted from the right. Pure functions, no I/O.

const WEIGHTS = [7, 3, 1] as const;
export const MIN_REFERENCE_LENGTH = 4;
export const MAX_REFERENCE_LENGTH = 20;

/** Check digit of a base of digits (no validation of its length). */
export function referenceCheckDigit(base: string): number {
  if (!/^[0-9]+$/.test(base)) throw new RangeError(`reference base must be digits, got '${base}'`);
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const digit = Number(base[base.length - 1 - i]);
    sum += digit * WEIGHTS[i % 3];
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The reference number for a base such as an invoice's sequence number: the base followed by its
 * check digit. `123456` → `'1234561'`. The base has 3–19 digits and no leading zero (a leading
 * zero is not printed on an invoice and would make the printed and the paid number differ).
 */
export function referenceNumberFor(base: string | number): string {
  const digits = typeof base === "number" ? (Number.isSafeInteger(base) && base >= 0 ? String(base) : "") : base.trim();
  if (!/^[1-9][0-9]*$/.test(digits)) {
    throw new RangeError(`reference base must be a positive whole number without leading zeros, got '${base}'`);
  }
  if (digits.length < MIN_REFERENCE_LENGTH - 1 || digits.length > MAX_REFERENCE_LENGTH - 1) {
    throw new RangeError(`reference base must have 3–19 digits, got ${digits.length}`);
  }
  return digits + String(referenceCheckDigit(digits));
}

/** Digits of a reference as typed or printed ('12 34561' → '1234561'). */
export function normalizeReferenceNumber(value: string): string {
  return value.replace(/\s+/g, "");
}

/** True for a reference of 4–20 digits, no leading zero, whose last digit is its check digit. */
export function isValidReferenceNumber(value: string): boolean {
  const digits = normalizeReferenceNumber(value);
  if (!/^[1-9][0-9]*$/.test(digits)) return false;
  if (digits.length < MIN_REFERENCE_LENGTH || digits.length > MAX_REFERENCE_LENGTH) return false;
  return referenceCheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}

/** Groups of five from the right, as printed on the invoice: '1234561' → '12 34561'. */
export function formatReferenceNumber(value: string): string {
  const digits = normalizeReferenceNumber(value);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 5) {
    groups.unshift(digits.slice(Math.max(0, end - 5), end));
  }
  return groups.join(" ");
}
