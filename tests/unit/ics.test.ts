import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBookingIcs, escapeIcsText, foldIcsLine, formatIcsTriggerBefore, formatIcsUtc } from "~/domain/ics";

const octets = (text: string) => new TextEncoder().encode(text).length;

/** Reverses folding (RFC 5545 §3.1): a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

const booking = {
  uid: "0b8f6c1e-2f4a-4c7e-9d7a-3f1e2d4c5b6a@arkikaveri.fi",
  createdAt: new Date("2026-05-12T09:30:15.123Z"),
  startsAt: new Date("2026-05-20T11:00:00Z"), // 14.00 in Helsinki
  endsAt: new Date("2026-05-20T13:00:00Z"),
  summary: "Arkikaveri: Kauppa-asiointi",
  location: "Mannerheimintie 1 A, 00100 Helsinki",
  description: "Tilaus ORD-100001.\nKaveri: Aino Virtanen; kesto 2 tuntia",
};

describe("iCalendar file for a booking", () => {
  const ics = buildBookingIcs(booking);
  const lines = unfold(ics).split("\r\n");

  it("is one VCALENDAR with one VEVENT and CRLF line endings throughout", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.at(-1)).toBe("");
  });

  it("writes the times in UTC 'Z' form", () => {
    expect(lines).toContain("DTSTART:20260520T110000Z");
    expect(lines).toContain("DTEND:20260520T130000Z");
    expect(lines).toContain("DTSTAMP:20260512T093015Z");
    expect(lines).toContain(`UID:${booking.uid}`);
  });

  it("escapes commas, semicolons, backslashes and line breaks in text", () => {
    expect(lines).toContain("LOCATION:Mannerheimintie 1 A\\, 00100 Helsinki");
    expect(lines).toContain("DESCRIPTION:Tilaus ORD-100001.\\nKaveri: Aino Virtanen\\; kesto 2 tuntia");
    expect(escapeIcsText("a\\b;c,d\r\ne\rf\ng")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("leaves out empty optional fields", () => {
    const bare = buildBookingIcs({ ...booking, location: null, description: "" });
    expect(bare).not.toContain("LOCATION");
    expect(bare).not.toContain("DESCRIPTION");
  });

  it("refuses an event that ends before it starts and a UID with a line break", () => {
    expect(() => buildBookingIcs({ ...booking, endsAt: booking.startsAt })).toThrow(RangeError);
    expect(() => buildBookingIcs({ ...booking, uid: "a\r\nATTENDEE:x" })).toThrow(RangeError);
  });
});

describe("alarms, revisions and cancelling (issue 28 item 4)", () => {
  const alarms = [
    { minutesBefore: 24 * 60, description: "Huomenna: Arkikaveri, Kauppa-asiointi" },
    { minutesBefore: 120, description: "Kahden tunnin päästä: Arkikaveri, Kauppa-asiointi" },
  ];

  it("reminds a day and two hours before with a VALARM each, inside the VEVENT", () => {
    const lines = unfold(buildBookingIcs({ ...booking, alarms })).split("\r\n");
    const alarmBlocks = lines.join("\n").match(/BEGIN:VALARM\n[^]*?END:VALARM/g) ?? [];
    expect(alarmBlocks).toEqual([
      "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-P1D\nDESCRIPTION:Huomenna: Arkikaveri\\, Kauppa-asiointi\nEND:VALARM",
      "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT2H\nDESCRIPTION:Kahden tunnin päästä: Arkikaveri\\, Kauppa-asiointi\nEND:VALARM",
    ]);
    expect(lines.indexOf("BEGIN:VALARM")).toBeGreaterThan(lines.indexOf("BEGIN:VEVENT"));
    expect(lines.lastIndexOf("END:VALARM")).toBeLessThan(lines.indexOf("END:VEVENT"));
  });

  it("writes alarm triggers as negative durations and refuses one that is not before the start", () => {
    expect(formatIcsTriggerBefore(24 * 60)).toBe("-P1D");
    expect(formatIcsTriggerBefore(120)).toBe("-PT2H");
    expect(formatIcsTriggerBefore(90)).toBe("-PT90M");
    expect(() => formatIcsTriggerBefore(0)).toThrow(RangeError);
    expect(() => formatIcsTriggerBefore(1.5)).toThrow(RangeError);
  });

  it("keeps the UID and raises SEQUENCE when the visit moves", () => {
    const first = unfold(buildBookingIcs({ ...booking, alarms, sequence: 0 })).split("\r\n");
    const moved = unfold(
      buildBookingIcs({ ...booking, alarms, sequence: 1, startsAt: new Date("2026-05-21T11:00:00Z"), endsAt: new Date("2026-05-21T13:00:00Z") }),
    ).split("\r\n");
    expect(moved.find((l) => l.startsWith("UID:"))).toBe(first.find((l) => l.startsWith("UID:")));
    expect(first).toContain("SEQUENCE:0");
    expect(moved).toContain("SEQUENCE:1");
    expect(moved).toContain("DTSTART:20260521T110000Z");
    expect(() => buildBookingIcs({ ...booking, sequence: -1 })).toThrow(RangeError);
  });

  it("cancels with METHOD:CANCEL, STATUS:CANCELLED and no alarms, under the same UID", () => {
    const lines = unfold(buildBookingIcs({ ...booking, alarms, method: "CANCEL", sequence: 2 })).split("\r\n");
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).not.toContain("METHOD:PUBLISH");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain(`UID:${booking.uid}`);
    expect(lines).not.toContain("BEGIN:VALARM");
    const published = unfold(buildBookingIcs({ ...booking, alarms })).split("\r\n");
    expect(published).toContain("METHOD:PUBLISH");
    expect(published).toContain("STATUS:CONFIRMED");
  });
});

describe("line folding at 75 octets", () => {
  it("keeps a short line as it is", () => {
    expect(foldIcsLine("SUMMARY:Lyhyt")).toBe("SUMMARY:Lyhyt");
    expect(foldIcsLine("X".repeat(75))).toBe("X".repeat(75));
  });

  it("folds a 76-octet line after 75 octets", () => {
    expect(foldIcsLine("X".repeat(76))).toBe(`${"X".repeat(75)}\r\n X`);
  });

  it("never splits a multi-byte character", () => {
    // 'ä' is two octets: 74 ASCII + 'ä' would be 76 octets, so 'ä' moves to the next line whole.
    const folded = foldIcsLine(`${"X".repeat(74)}ä`);
    expect(folded).toBe(`${"X".repeat(74)}\r\n ä`);
  });

  it("keeps every physical line within 75 octets and unfolds to the original, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeIcsText(text)}`;
        const folded = foldIcsLine(line);
        for (const physical of folded.split("\r\n")) expect(octets(physical)).toBeLessThanOrEqual(75);
        expect(unfold(folded)).toBe(line);
      }),
    );
  });

  it("folds long Finnish descriptions in a whole file", () => {
    const long = buildBookingIcs({ ...booking, description: "Ystävällinen kaveri tulee kylään, käy kaupassa ja lähtee ulkoilemaan. ".repeat(5) });
    for (const physical of long.split("\r\n")) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(unfold(long)).toContain("DESCRIPTION:Ystävällinen kaveri tulee kylään\\, käy kaupassa");
  });
});

describe("UTC date-time format", () => {
  it("drops separators and milliseconds", () => {
    expect(formatIcsUtc(new Date("2026-10-25T01:00:00.999Z"))).toBe("20261025T010000Z");
    expect(() => formatIcsUtc(new Date(Number.NaN))).toThrow(RangeError);
  });
});
