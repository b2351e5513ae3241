// The virtual bank barcode (virtuaaliviivakoodi), version 4, printed on invoices so customers can
// paste all payment details into their online bank at once. Layout per Finance Finland's
// Pankkiviivakoodi-opas, 54 digits:
//   '4' version | 16 digits: the IBAN without 'FI' | 6 digits euros | 2 digits cents |
//   '000' reserved | 20 digits: the national reference, zero-padded on the left | YYMMDD due date
// An amount above 999 999,99 € is written as zeros (the payer then types the amount); a missing
// due date as '000000'. Pure functions, no I/O.
import { isValidFinnishIban, normalizeIban } from "./business-identifiers";
import { isValidReferenceNumber, normalizeReferenceNumber } from "./reference-number";

export const VIRTUAL_BARCODE_LENGTH = 54;
const MAX_BARCODE_AMOUNT_CENTS = 99_999_999;

export class VirtualBarcodeInputError extends Error {
  constructor(
    readonly field: "iban" | "amountCents" | "referenceNumber" | "dueDate",
    message: string,
  ) {
    super(message);
    this.name = "VirtualBarcodeInputError";
  }
}

export interface VirtualBarcodeInput {
  /** The payee's Finnish IBAN, with or without spaces. */
  iban: string;
  amountCents: number;
  /** A national reference number (viitenumero), with or without the printed spaces. */
  referenceNumber: string;
  /** 'yyyy-MM-dd', or null for none. */
  dueDate: string | null;
}

function dueDateDigits(dueDate: string | null): string {
  if (dueDate === null) return "000000";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  const check = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (
    !match ||
    !check ||
    check.getUTCFullYear() !== Number(match[1]) ||
    check.getUTCMonth() + 1 !== Number(match[2]) ||
    check.getUTCDate() !== Number(match[3])
  ) {
    throw new VirtualBarcodeInputError("dueDate", `due date must be 'yyyy-MM-dd', got '${dueDate}'`);
  }
  // The barcode carries a two-digit year; 2000–2099 is the only century it can mean today.
  if (match[1] < "2000" || match[1] > "2099") {
    throw new VirtualBarcodeInputError("dueDate", `due date must be in 2000–2099, got '${dueDate}'`);
  }
  return match[1].slice(2) + match[2] + match[3];
}

/** The 54-digit version 4 virtual barcode. Throws VirtualBarcodeInputError for invalid input. */
export function virtualBarcode(input: VirtualBarcodeInput): string {
  if (!isValidFinnishIban(input.iban)) {
    throw new VirtualBarcodeInputError("iban", "the IBAN must be a valid Finnish IBAN (FI + 16 digits)");
  }
  // The IBAN's check digits and domestic account: the 16 digits after 'FI'.
  const account = normalizeIban(input.iban).slice(2);

  const amount = input.amountCents;
  if (!Number.isInteger(amount) || amount < 0) {
    throw new VirtualBarcodeInputError("amountCents", `amount must be a non-negative integer of cents, got ${amount}`);
  }
  const amountDigits = amount > MAX_BARCODE_AMOUNT_CENTS ? "00000000" : String(amount).padStart(8, "0");

  const reference = normalizeReferenceNumber(input.referenceNumber);
  if (!isValidReferenceNumber(reference)) {
    throw new VirtualBarcodeInputError("referenceNumber", `not a valid reference number: '${input.referenceNumber}'`);
  }

  const code = "4" + account + amountDigits + "000" + reference.padStart(20, "0") + dueDateDigits(input.dueDate);
  // The layout above adds up to 54 by construction; this guards future edits of it.
  if (code.length !== VIRTUAL_BARCODE_LENGTH) throw new Error(`virtual barcode has ${code.length} digits`);
  return code;
}

