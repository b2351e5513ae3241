import { TZDate, tzOffset } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  helsinkiClock,
  helsinkiHourMinute,
  helsinkiIsoDate,
  helsinkiOffset,
  WEEKDAY_NAMES,
} from "~/domain/helsinki-clock";

describe("Helsinki clock over Intl", () => {
  it("reads the wall clock in winter (UTC+2) and summer (UTC+3)", () => {
    expect(helsinkiClock(new Date("2026-01-15T12:34:56Z"))).toEqual({
      year: 2026, month: 1, day: 15, hour: 14, minute: 34, second: 56, weekday: 3,
    });
    expect(helsinkiClock(new Date("2026-07-15T12:00:00Z"))).toMatchObject({ hour: 15, weekday: 2 });
  });

  it("shows midnight as hour 0, never 24, and moves to the next Helsinki day before UTC does", () => {
    const clock = helsinkiClock(new Date("2026-12-31T22:00:00Z"));
    expect(clock).toMatchObject({ year: 2027, month: 1, day: 1, hour: 0, minute: 0 });
    expect(WEEKDAY_NAMES[clock.weekday]).toBe("perjantai");
    expect(helsinkiIsoDate(new Date("2026-12-31T22:00:00Z"))).toBe("2027-01-01");
    expect(helsinkiHourMinute(new Date("2026-12-31T22:00:00Z"))).toBe("00:00");
  });

  it("follows both daylight-saving changes of 2026", () => {
    expect(helsinkiHourMinute(new Date("2026-03-29T00:59:00Z"))).toBe("02:59");
    expect(helsinkiHourMinute(new Date("2026-03-29T01:00:00Z"))).toBe("04:00");
    expect(helsinkiHourMinute(new Date("2026-10-25T00:30:00Z"))).toBe("03:30");
    expect(helsinkiHourMinute(new Date("2026-10-25T01:30:00Z"))).toBe("03:30");
    expect(helsinkiOffset(new Date("2026-03-29T00:59:59.999Z"))).toBe(120);
    expect(helsinkiOffset(new Date("2026-03-29T01:00:00Z"))).toBe(180);
    expect(helsinkiOffset(new Date("2026-10-25T00:59:59.999Z"))).toBe(180);
    expect(helsinkiOffset(new Date("2026-10-25T01:00:00Z"))).toBe(120);
  });

  it("agrees with date-fns (the library it replaces) every 3 h 7 min of 2026–2027, and on every minute around the changes", () => {
    const step = 187 * 60_000;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += step) {
      const zoned = new TZDate(t, "Europe/Helsinki");
      expect(helsinkiIsoDate(t)).toBe(format(zoned, "yyyy-MM-dd"));
      expect(helsinkiHourMinute(t)).toBe(format(zoned, "HH:mm"));
      expect(helsinkiOffset(t)).toBe(tzOffset("Europe/Helsinki", new Date(t)));
      expect(helsinkiClock(t).weekday).toBe((zoned.getDay() + 6) % 7);
    }
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2027, 2, 28, 1), Date.UTC(2027, 9, 31, 1)]) {
      for (let t = change - 90 * 60_000; t <= change + 90 * 60_000; t += 60_000) {
        expect(helsinkiHourMinute(t)).toBe(format(new TZDate(t, "Europe/Helsinki"), "HH:mm"));
        expect(helsinkiOffset(t)).toBe(tzOffset("Europe/Helsinki", new Date(t)));
      }
    }
  });

  it("refuses an invalid Date", () => {
    expect(() => helsinkiClock(new Date("nonsense"))).toThrow(RangeError);
    expect(() => helsinkiOffset(Number.NaN)).toThrow(RangeError);
  });
});
