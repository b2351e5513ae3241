// An iCalendar file (RFC 5545) for a booking, attached to the confirmation e-mail so the customer
// can add the visit to their calendar with one tap, with reminders of its own (VALARM); a later
// file with the same UID and a higher SEQUENCE moves the event, and one with METHOD:CANCEL
// (RFC 5546 §3.2.5) removes it. Times are written in UTC ('Z' form): that
// needs no VTIMEZONE block and every calendar shows them in the reader's own zone. Pure, no I/O.

export interface IcsEvent {
  /** Globally unique and stable for the booking, e.g. '<order id>@arkikaveri.fi'; a re-sent file then updates the same event. */
  uid: string;
  /** When the file was made. */
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  /** A link back to the booking, if any. */
  url?: string | null;
  /** CANCELLED lets a later file withdraw the event. */
  status?: "CONFIRMED" | "CANCELLED";
  /** Raised for each revision of the same event. */
  sequence?: number;
  /**
   * PUBLISH (the default): an entry to save. CANCEL: withdraws the event of this UID from a
   * calendar that has it; the event is then CANCELLED and carries no alarms.
   */
  method?: "PUBLISH" | "CANCEL";
  /** The calendar's own reminders (VALARM, ACTION:DISPLAY), each `minutesBefore` the start. */
  alarms?: ReadonlyArray<{ minutesBefore: number; description: string }>;
}

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** '20261121T120000Z' (RFC 5545 §3.3.5, form 2: UTC). */
export function formatIcsUtc(value: Date): string {
  if (Number.isNaN(value.getTime())) throw new RangeError("invalid Date");
  return value.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line to at most 75 octets per physical line (RFC 5545 §3.1): a CRLF followed by
 * one space starts each continuation. Splits fall between characters, never inside a multi-byte
 * UTF-8 sequence such as 'ä', which some clients would otherwise show as garbage.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  // The first physical line holds 75 octets; continuations 74 after their leading space.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A duration before the start (RFC 5545 §3.3.6): '-P1D', '-PT2H', '-PT90M'. */
export function formatIcsTriggerBefore(minutesBefore: number): string {
  if (!Number.isInteger(minutesBefore) || minutesBefore <= 0) throw new RangeError(`an alarm must come a whole number of minutes before, got ${minutesBefore}`);
  if (minutesBefore % (24 * 60) === 0) return `-P${minutesBefore / (24 * 60)}D`;
  if (minutesBefore % 60 === 0) return `-PT${minutesBefore / 60}H`;
  return `-PT${minutesBefore}M`;
}

function assertSingleLine(name: string, value: string): void {
  if (value.length === 0 || /[\r\n]/.test(value)) throw new RangeError(`${name} must be one non-empty line`);
}

/** A complete VCALENDAR with one VEVENT, CRLF line endings, ready to attach as text/calendar. */
export function buildBookingIcs(event: IcsEvent): string {
  assertSingleLine("uid", event.uid);
  if (event.endsAt.getTime() <= event.startsAt.getTime()) throw new RangeError("an event must end after it starts");
  const sequence = event.sequence ?? 0;
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError(`sequence must be a non-negative integer, got ${sequence}`);

  const cancel = event.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Arkikaveri//Varaukset//FI",
    "CALSCALE:GREGORIAN",
    // PUBLISH: a calendar entry to save, not a meeting invitation asking for a reply.
    `METHOD:${cancel ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${formatIcsUtc(event.createdAt)}`,
    `DTSTART:${formatIcsUtc(event.startsAt)}`,
    `DTEND:${formatIcsUtc(event.endsAt)}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${cancel ? "CANCELLED" : (event.status ?? "CONFIRMED")}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  if (event.url) {
    assertSingleLine("url", event.url);
    lines.push(`URL:${event.url}`);
  }
  // A withdrawn event reminds nobody.
  const alarms = cancel || event.status === "CANCELLED" ? [] : (event.alarms ?? []);
  for (const alarm of alarms) {
    lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `TRIGGER:${formatIcsTriggerBefore(alarm.minutesBefore)}`, `DESCRIPTION:${escapeIcsText(alarm.description)}`, "END:VALARM");
  }
  lines.push("END:VEVENT", "END:VCALENDAR");
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
