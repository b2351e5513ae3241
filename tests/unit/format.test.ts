import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatClock,
  formatDate,
  formatDateTime,
  formatEuros,
  formatHours,
  formatTime,
  formatTimeRange,
  formatWeekdayDate,
  helsinkiDateString,
} from "~/domain/format";

// Intl puts a no-break space between the amount and the sign and between thousands.
const nbsp = "\u00a0";

describe("formatEuros", () => {
  it("shows cents with a decimal comma and the euro sign after the amount", () => {
    expect(formatEuros(1250)).toBe(`12,50${nbsp}€`);
    expect(formatEuros(4000)).toBe(`40,00${nbsp}€`);
    expect(formatEuros(0)).toBe(`0,00${nbsp}€`);
    expect(formatEuros(5)).toBe(`0,05${nbsp}€`);
  });

  it("groups thousands with a no-break space", () => {
    expect(formatEuros(160_000)).toBe(`1${nbsp}600,00${nbsp}€`);
    expect(formatEuros(123_456_789)).toBe(`1${nbsp}234${nbsp}567,89${nbsp}€`);
  });

  it("shows refunds with a minus sign", () => {
    expect(formatEuros(-1250)).toBe(`−12,50${nbsp}€`);
  });

  it("refuses fractions of a cent, which would mean a float slipped in", () => {
    expect(() => formatEuros(12.5)).toThrow(RangeError);
  });
});

describe("formatAmount", () => {
  it("shows the amount without the currency sign", () => {
    expect(formatAmount(4000)).toBe("40,00");
    expect(formatAmount(25_498)).toBe("254,98");
    expect(formatAmount(160_000)).toBe(`1${nbsp}600,00`);
  });
});

describe("formatDate", () => {
  it("formats a calendar date string as d.M.yyyy without leading zeros", () => {
    expect(formatDate("2026-11-21")).toBe("21.11.2026");
    expect(formatDate("2026-01-05")).toBe("5.1.2026");
  });

  it("rejects malformed and impossible dates", () => {
    expect(() => formatDate("21.11.2026")).toThrow(RangeError);
    expect(() => formatDate("2026-02-30")).toThrow(RangeError);
  });

  it("shows an instant as its Helsinki calendar day, not the UTC day", () => {
    // 23:30 UTC on 31 December is already 1 January in Helsinki (UTC+2 in winter).
    expect(formatDate(new Date("2026-12-31T23:30:00Z"))).toBe("1.1.2027");
    // 21:30 UTC on 20 June is 00:30 on 21 June in Helsinki (UTC+3 in summer).
    expect(formatDate(new Date("2026-06-20T21:30:00Z"))).toBe("21.6.2026");
    expect(formatDate(new Date("2026-06-20T20:59:00Z"))).toBe("20.6.2026");
  });

  it("rejects an invalid Date", () => {
    expect(() => formatDate(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("formatTime", () => {
  it("formats wall-clock strings with 'klo' and a period", () => {
    expect(formatTime("14:00")).toBe("klo 14.00");
    expect(formatTime("14:00:00")).toBe("klo 14.00");
    expect(formatTime("08:30")).toBe("klo 08.30");
    expect(formatTime("8:30")).toBe("klo 08.30");
    expect(formatTime("00:00")).toBe("klo 00.00");
  });

  it("rejects times that are not times of day", () => {
    expect(() => formatTime("24:00")).toThrow(RangeError);
    expect(() => formatTime("12:60")).toThrow(RangeError);
    expect(() => formatTime("noon")).toThrow(RangeError);
  });

  it("shows an instant in Helsinki time in winter (UTC+2) and summer (UTC+3)", () => {
    expect(formatTime(new Date("2026-01-15T12:00:00Z"))).toBe("klo 14.00");
    expect(formatTime(new Date("2026-07-15T12:00:00Z"))).toBe("klo 15.00");
  });

  it("follows the spring-forward change: 03.00 does not exist on 29 March 2026", () => {
    // Clocks jump from 03:00 EET to 04:00 EEST at 01:00 UTC.
    expect(formatTime(new Date("2026-03-29T00:59:00Z"))).toBe("klo 02.59");
    expect(formatTime(new Date("2026-03-29T01:00:00Z"))).toBe("klo 04.00");
  });

  it("follows the fall-back change: 03.00–03.59 happens twice on 25 October 2026", () => {
    // Clocks go back from 04:00 EEST to 03:00 EET at 01:00 UTC.
    expect(formatTime(new Date("2026-10-25T00:30:00Z"))).toBe("klo 03.30");
    expect(formatTime(new Date("2026-10-25T01:30:00Z"))).toBe("klo 03.30");
    expect(formatTime(new Date("2026-10-25T02:30:00Z"))).toBe("klo 04.30");
  });
});

describe("formatClock and formatTimeRange", () => {
  it("formats a range, also one that ends after midnight", () => {
    expect(formatClock("09:00")).toBe("09.00");
    expect(formatTimeRange("14:00", "16:00")).toBe("klo 14.00–16.00");
    expect(formatTimeRange("22:00:00", "01:00:00")).toBe("klo 22.00–01.00");
    expect(formatTimeRange(new Date("2026-01-15T20:00:00Z"), new Date("2026-01-15T23:00:00Z"))).toBe("klo 22.00–01.00");
  });
});

describe("formatDateTime", () => {
  it("joins the Helsinki date and time", () => {
    expect(formatDateTime(new Date("2026-11-21T12:00:00Z"))).toBe("21.11.2026 klo 14.00");
  });

  it("uses the Helsinki date across midnight and across the DST changes", () => {
    expect(formatDateTime(new Date("2026-03-28T22:30:00Z"))).toBe("29.3.2026 klo 00.30");
    expect(formatDateTime(new Date("2026-03-29T01:30:00Z"))).toBe("29.3.2026 klo 04.30");
    expect(formatDateTime(new Date("2026-10-24T21:15:00Z"))).toBe("25.10.2026 klo 00.15");
    expect(formatDateTime(new Date("2026-10-25T22:00:00Z"))).toBe("26.10.2026 klo 00.00");
  });
});

describe("formatWeekdayDate", () => {
  it("names the Finnish weekday in its basic form", () => {
    expect(formatWeekdayDate("2026-11-21")).toBe("lauantai 21.11.2026");
    expect(formatWeekdayDate("2026-11-23")).toBe("maanantai 23.11.2026");
    expect(formatWeekdayDate("2026-11-22")).toBe("sunnuntai 22.11.2026");
  });

  it("gives the right weekday on the DST change days", () => {
    expect(formatWeekdayDate("2026-03-29")).toBe("sunnuntai 29.3.2026");
    expect(formatWeekdayDate("2026-10-25")).toBe("sunnuntai 25.10.2026");
  });

  it("uses the Helsinki day of an instant", () => {
    // Friday 23:30 UTC is already Saturday in Helsinki.
    expect(formatWeekdayDate(new Date("2026-11-20T23:30:00Z"))).toBe("lauantai 21.11.2026");
  });
});

describe("formatHours and helsinkiDateString", () => {
  it("uses the singular only for one hour", () => {
    expect(formatHours(1)).toBe("1 tunti");
    expect(formatHours(2)).toBe("2 tuntia");
    expect(formatHours(24)).toBe("24 tuntia");
  });

  it("gives the Helsinki calendar date for date inputs", () => {
    expect(helsinkiDateString(new Date("2026-12-31T22:00:00Z"))).toBe("2027-01-01");
    expect(helsinkiDateString(new Date("2026-12-31T21:59:59Z"))).toBe("2026-12-31");
  });
});
