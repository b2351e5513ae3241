// Text messages as the phone network counts them (issue 28 item 2; docs/decisions/0031), and the
// Finnish mobile numbers they go to. Pure, no I/O.
//
// A text in the GSM 03.38 default alphabet (GSM-7) fits 160 characters in one message; the
// characters of its extension table (€ [ ] { } \ ^ ~ |) take two. One character outside both (an en
// dash, a curly quote, an emoji) turns the whole text into UCS-2: 70 characters a message. Longer
// texts are split into parts of 153 (GSM-7) or 67 (UCS-2) characters, each billed and each a
// chance to arrive out of order, so a reminder aims at one GSM-7 message.

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENSION = "^{}\\[~]|€\f";

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export const GSM7_SINGLE_MAX = 160;
export const GSM7_PART_MAX = 153;
export const UCS2_SINGLE_MAX = 70;
export const UCS2_PART_MAX = 67;

export interface SmsLength {
  encoding: "gsm7" | "ucs2";
  /** Septets (GSM-7, an extension character counts two) or UTF-16 code units (UCS-2). */
  units: number;
  /** How many messages the network sends it as. */
  segments: number;
}

/** True when every character of `text` is in the GSM-7 default alphabet or its extension table. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return false;
  return true;
}

/** How long `text` is as a text message, and in how many parts it goes. */
export function smsLength(text: string): SmsLength {
  if (isGsm7(text)) {
    let units = 0;
    for (const char of text) units += EXTENSION.has(char) ? 2 : 1;
    return { encoding: "gsm7", units, segments: units <= GSM7_SINGLE_MAX ? 1 : Math.ceil(units / GSM7_PART_MAX) };
  }
  const units = text.length;
  return { encoding: "ucs2", units, segments: units <= UCS2_SINGLE_MAX ? 1 : Math.ceil(units / UCS2_PART_MAX) };
}

/** Fits one GSM-7 message: at most 160 septets, nothing outside the alphabet. */
export function fitsOneGsm7Message(text: string): boolean {
  const length = smsLength(text);
  return length.encoding === "gsm7" && length.segments === 1;
}

/**
 * The first of `candidates` (longest and most helpful first) that fits one GSM-7 message, or the
 * one that goes in the fewest parts when none does (a long street name, a name in another script).
 */
export function firstFittingText(candidates: readonly string[]): string {
  if (candidates.length === 0) throw new Error("firstFittingText: no candidates");
  const fitting = candidates.find(fitsOneGsm7Message);
  if (fitting !== undefined) return fitting;
  return candidates.reduce((best, candidate) => (smsLength(candidate).segments < smsLength(best).segments ? candidate : best));
}

/**
 * A Finnish mobile number in E.164 (+358…), or null when `input` is not one: "040 123 4567",
 * "040-1234567", "+358 40 123 4567" and "00358401234567" all give "+358401234567". Finnish mobile
 * numbers begin 04x or 050 and have 5–8 digits after that prefix; landlines (09…) get no texts.
 */
export function finnishMobileE164(input: string | null | undefined): string | null {
  if (!input) return null;
  const compact = input.replace(/[\s\-().]/g, "");
  let national: string;
  if (compact.startsWith("+358")) national = compact.slice(4);
  else if (compact.startsWith("00358")) national = compact.slice(5);
  else if (compact.startsWith("0")) national = compact.slice(1);
  else return null;
  // "+358 (0)40 …" is written too.
  if (national.startsWith("0")) national = national.slice(1);
  return /^(4\d|50)\d{5,8}$/.test(national) ? `+358${national}` : null;
}

/** "+358401234567" shown as Finns write it: "040 123 4567". */
export function formatFinnishMobile(e164: string): string {
  const national = e164.startsWith("+358") ? `0${e164.slice(4)}` : e164;
  return national.length > 6 ? `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}` : national;
}
