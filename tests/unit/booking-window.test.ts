import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { BOOKING_START_MESSAGES } from "~/messages/booking";
import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  availableStartHours,
  bookingInterval,
  formatStartHour,
  helsinkiToday,
  helsinkiWallTimeToInstant,
  isBookableDate,
  isSelectableDate,
  lastBookableDate,
  monthCalendar,
  parseStartHour,
  resolveCalendarMonth,
  validateBookingStart,
  weekdayName,
} from "~/domain/booking-window";

const ALL_HOURS = Array.from({ length: 24 }, (_, hour) => hour);

// Helsinki is UTC+2 in winter (EET) and UTC+3 in summer (EEST). In 2026 summer time starts on
// Sunday 29 March at 03:00 EET (01:00 UTC) and ends on Sunday 25 October at 04:00 EEST (01:00 UTC).
const utc = (iso: string) => new Date(iso);

describe("Helsinki today", () => {
  it("is the Helsinki date, not the UTC date, late in the evening UTC", () => {
    expect(helsinkiToday(utc("2026-01-10T21:59:59.999Z"))).toBe("2026-01-10"); // 23:59:59 EET
    expect(helsinkiToday(utc("2026-01-10T22:00:00.000Z"))).toBe("2026-01-11"); // 00:00 EET
    expect(helsinkiToday(utc("2026-06-30T20:59:59.999Z"))).toBe("2026-06-30"); // 23:59:59 EEST
    expect(helsinkiToday(utc("2026-06-30T21:00:00.000Z"))).toBe("2026-07-01"); // 00:00 EEST
  });

  it("refuses an invalid Date rather than guessing", () => {
    expect(() => helsinkiToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("booking window of 180 days", () => {
  const now = utc("2026-01-10T10:00:00Z"); // Saturday 10.1.2026 klo 12.00 in Helsinki

  it("accepts today and the 180th day, refuses yesterday and the 181st day", () => {
    // 10.1. + 180 days: 21 days to 31.1., +28 (Feb) = 49, +31 = 80, +30 = 110, +31 = 141,
    // +30 = 171, +9 = 180 → 9.7.2026.
    expect(lastBookableDate(now)).toBe("2026-07-09");
    expect(isBookableDate("2026-01-10", now)).toBe(true);
    expect(isBookableDate("2026-07-09", now)).toBe(true);
    expect(isBookableDate("2026-01-09", now)).toBe(false);
    expect(isBookableDate("2026-07-10", now)).toBe(false);
  });

  it("moves with the Helsinki midnight, not the UTC one", () => {
    const lastMinuteOfTheDay = utc("2026-01-10T21:59:00Z"); // 23:59 EET
    const firstMinuteOfNextDay = utc("2026-01-10T22:00:00Z"); // 00:00 EET on 11.1.
    expect(isBookableDate("2026-07-10", lastMinuteOfTheDay)).toBe(false);
    expect(isBookableDate("2026-07-10", firstMinuteOfNextDay)).toBe(true);
    expect(isBookableDate("2026-01-10", firstMinuteOfNextDay)).toBe(false);
  });

  it("counts 180 calendar days across a daylight-saving change", () => {
    // 1.3.2026 + 180 days spans the spring change on 29.3.: still 28.8., not a day off.
    expect(lastBookableDate(utc("2026-03-01T10:00:00Z"))).toBe("2026-08-28");
    expect(addCalendarDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addCalendarDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addCalendarDays("2026-10-25", 1)).toBe("2026-10-26");
  });

  it("refuses strings that are not real dates", () => {
    for (const bad of ["", "2026-02-30", "2026-13-01", "10.1.2026", "2026-1-10", "2026-01-10T00:00"]) {
      expect(isBookableDate(bad, now)).toBe(false);
    }
  });
});

describe("start hours offered", () => {
  it("offers every hour 00:00–23:00 on a future date", () => {
    expect(availableStartHours("2026-05-12", utc("2026-05-11T10:00:00Z"))).toEqual(ALL_HOURS);
  });

  it("offers today only the hours that start after now, at every boundary hour", () => {
    for (const hour of ALL_HOURS) {
      // hour:00 in Helsinki on 12.5.2026 (EEST, UTC+3).
      const slotStart = helsinkiWallTimeToInstant("2026-05-12", hour)!;
      const justBefore = new Date(slotStart.getTime() - 1);
      expect(availableStartHours("2026-05-12", justBefore)[0]).toBe(hour);
      // At the very start of the slot it is no longer in the future.
      const fromSlotStart = availableStartHours("2026-05-12", slotStart);
      expect(fromSlotStart).toEqual(ALL_HOURS.filter((h) => h > hour));
    }
  });

  it("offers nothing late on the last hour of today, nor on past or too distant dates", () => {
    const at2330 = utc("2026-05-12T20:30:00Z"); // 23:30 EEST
    expect(availableStartHours("2026-05-12", at2330)).toEqual([]);
    expect(availableStartHours("2026-05-11", at2330)).toEqual([]);
    expect(availableStartHours(addCalendarDays("2026-05-12", 181), at2330)).toEqual([]);
    expect(availableStartHours(addCalendarDays("2026-05-12", 180), at2330)).toEqual(ALL_HOURS);
  });

  it("leaves out 03:00 on the spring-forward day, when that hour does not exist", () => {
    const hours = availableStartHours("2026-03-29", utc("2026-03-01T10:00:00Z"));
    expect(hours).toHaveLength(23);
    expect(hours).not.toContain(3);
    expect(hours).toContain(2);
    expect(hours).toContain(4);
  });

  it("offers all 24 hours on the fall-back day (03:00 once, not twice)", () => {
    expect(availableStartHours("2026-10-25", utc("2026-10-01T10:00:00Z"))).toEqual(ALL_HOURS);
  });
});

describe("Helsinki wall time to instant on daylight-saving days", () => {
  it("maps the spring-forward day, where 03:00 does not exist", () => {
    expect(helsinkiWallTimeToInstant("2026-03-29", 2)!.toISOString()).toBe("2026-03-29T00:00:00.000Z"); // EET
    expect(helsinkiWallTimeToInstant("2026-03-29", 3)).toBeNull();
    expect(helsinkiWallTimeToInstant("2026-03-29", 4)!.toISOString()).toBe("2026-03-29T01:00:00.000Z"); // EEST
  });

  it("takes the second 03:00 (after the clocks go back) on the fall-back day", () => {
    expect(helsinkiWallTimeToInstant("2026-10-25", 2)!.toISOString()).toBe("2026-10-24T23:00:00.000Z"); // EEST
    // 03:00 EEST would be 00:00Z; the chosen 03:00 EET is 01:00Z.
    expect(helsinkiWallTimeToInstant("2026-10-25", 3)!.toISOString()).toBe("2026-10-25T01:00:00.000Z");
    expect(helsinkiWallTimeToInstant("2026-10-25", 4)!.toISOString()).toBe("2026-10-25T02:00:00.000Z"); // EET
  });

  it("agrees with date-fns' TZDate for every unambiguous hour of 2026", () => {
    for (let offset = 0; offset < 365; offset++) {
      const date = addCalendarDays("2026-01-01", offset);
      const [year, month, day] = date.split("-").map(Number);
      for (const hour of ALL_HOURS) {
        const instant = helsinkiWallTimeToInstant(date, hour);
        if (instant === null) {
          expect(date === "2026-03-29" && hour === 3, `${date} ${hour}:00`).toBe(true);
          continue;
        }
        // TZDate resolves the repeated hour by the host's own time zone, so it is no reference
        // there; the test above pins our rule for it.
        if (date === "2026-10-25" && hour === 3) continue;
        expect(instant.getTime(), `${date} ${hour}:00`).toBe(
          new TZDate(year, month - 1, day, hour, 0, 0, "Europe/Helsinki").getTime(),
        );
      }
    }
  });

  it("agrees with the offset of the season on ordinary days", () => {
    expect(helsinkiWallTimeToInstant("2026-01-15", 0)!.toISOString()).toBe("2026-01-14T22:00:00.000Z");
    expect(helsinkiWallTimeToInstant("2026-07-15", 0)!.toISOString()).toBe("2026-07-14T21:00:00.000Z");
  });
});

describe("booking interval", () => {
  it("ends the given number of hours after the start", () => {
    expect(bookingInterval("2026-05-12", 14, 2)).toEqual({
      startsAt: utc("2026-05-12T11:00:00Z"),
      endsAt: utc("2026-05-12T13:00:00Z"),
      scheduledDate: "2026-05-12",
      endDate: "2026-05-12",
      scheduledStart: "14:00",
      scheduledEnd: "16:00",
    });
  });

  it("crosses midnight into the next day", () => {
    const interval = bookingInterval("2026-05-12", 23, 3);
    expect(interval.startsAt.toISOString()).toBe("2026-05-12T20:00:00.000Z");
    expect(interval.endsAt.toISOString()).toBe("2026-05-12T23:00:00.000Z");
    expect(interval.scheduledDate).toBe("2026-05-12");
    expect(interval.endDate).toBe("2026-05-13");
    expect(interval.scheduledEnd).toBe("02:00");
  });

  it("ends at midnight exactly and on the next day for a 24-hour booking", () => {
    expect(bookingInterval("2026-05-12", 22, 2)).toMatchObject({ endDate: "2026-05-13", scheduledEnd: "00:00" });
    expect(bookingInterval("2026-12-31", 0, 24)).toMatchObject({ endDate: "2027-01-01", scheduledEnd: "00:00" });
  });

  it("counts elapsed hours across the spring-forward change (the wall clock skips an hour)", () => {
    // 02:00 EET = 00:00Z; two hours later 02:00Z = 05:00 EEST.
    expect(bookingInterval("2026-03-29", 2, 2)).toMatchObject({
      startsAt: utc("2026-03-29T00:00:00Z"),
      endsAt: utc("2026-03-29T02:00:00Z"),
      scheduledStart: "02:00",
      scheduledEnd: "05:00",
    });
    // Starting the evening before and running through the night: 23:00 EET + 6 h = 06:00 EEST.
    expect(bookingInterval("2026-03-28", 23, 6)).toMatchObject({ endDate: "2026-03-29", scheduledEnd: "06:00" });
  });

  it("counts elapsed hours across the fall-back change (the wall clock repeats an hour)", () => {
    // 02:00 EEST = 23:00Z the day before; two hours later 01:00Z = 03:00 EET.
    expect(bookingInterval("2026-10-25", 2, 2)).toMatchObject({
      startsAt: utc("2026-10-24T23:00:00Z"),
      endsAt: utc("2026-10-25T01:00:00Z"),
      scheduledEnd: "03:00",
    });
    // A booking at the repeated 03:00 runs 03:00–04:00 on the wall clock.
    expect(bookingInterval("2026-10-25", 3, 1)).toMatchObject({ scheduledStart: "03:00", scheduledEnd: "04:00" });
  });

  it("refuses a start hour that does not exist and durations outside 1–24", () => {
    expect(() => bookingInterval("2026-03-29", 3, 1)).toThrow(RangeError);
    expect(() => bookingInterval("2026-05-12", 10, 0)).toThrow(RangeError);
    expect(() => bookingInterval("2026-05-12", 10, 25)).toThrow(RangeError);
    expect(() => bookingInterval("2026-05-12", 10, 1.5)).toThrow(RangeError);
    expect(() => bookingInterval("2026-05-12", 24, 1)).toThrow(RangeError);
    expect(() => bookingInterval("2026-02-30", 10, 1)).toThrow(RangeError);
  });

  it("always lasts exactly the booked hours, for any date of 2026–2027, start and duration", () => {
    const dates = fc
      .integer({ min: 0, max: 729 })
      .map((offset) => addCalendarDays("2026-01-01", offset));
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }), (date, hour, hours) => {
        fc.pre(helsinkiWallTimeToInstant(date, hour) !== null);
        const interval = bookingInterval(date, hour, hours);
        expect(interval.endsAt.getTime() - interval.startsAt.getTime()).toBe(hours * 3_600_000);
        expect(interval.scheduledStart).toBe(formatStartHour(hour));
        expect(interval.endDate >= interval.scheduledDate).toBe(true);
        expect(interval.scheduledEnd).toMatch(/^([01]\d|2[0-3]):00$/);
      }),
    );
  });
});

describe("validating a requested start", () => {
  const now = utc("2026-05-12T09:30:00Z"); // 12.5.2026 klo 12.30 EEST

  it("accepts a future hour today and returns its instant", () => {
    expect(validateBookingStart("2026-05-12", 13, now)).toEqual({ ok: true, startsAt: utc("2026-05-12T10:00:00Z") });
  });

  it("refuses the current and earlier hours of today, and earlier days, as past", () => {
    expect(validateBookingStart("2026-05-12", 12, now)).toEqual({ ok: false, error: "past" });
    expect(validateBookingStart("2026-05-12", 0, now)).toEqual({ ok: false, error: "past" });
    expect(validateBookingStart("2026-05-11", 23, now)).toEqual({ ok: false, error: "past" });
  });

  it("accepts the 180th day at 23:00 and refuses the 181st day at 00:00 as too far", () => {
    expect(validateBookingStart(addCalendarDays("2026-05-12", 180), 23, now).ok).toBe(true);
    expect(validateBookingStart(addCalendarDays("2026-05-12", 181), 0, now)).toEqual({ ok: false, error: "too_far" });
  });

  it("refuses malformed input and the non-existent spring-forward hour as invalid", () => {
    const later = utc("2026-03-01T10:00:00Z");
    expect(validateBookingStart("2026-03-29", 3, later)).toEqual({ ok: false, error: "invalid" });
    for (const [date, hour] of [
      ["2026-05-20", 24],
      ["2026-05-20", -1],
      ["2026-05-20", 10.5],
      ["2026-05-20", "10"],
      ["20.5.2026", 10],
      [undefined, 10],
    ] as const) {
      expect(validateBookingStart(date, hour, now)).toEqual({ ok: false, error: "invalid" });
    }
  });

  it("has a Finnish message for each refusal", () => {
    expect(Object.keys(BOOKING_START_MESSAGES).sort()).toEqual(["invalid", "past", "too_far"]);
    expect(BOOKING_START_MESSAGES.too_far).toContain("180");
  });
});

describe("start time strings", () => {
  it("formats and parses whole-hour starts", () => {
    expect(formatStartHour(0)).toBe("00:00");
    expect(formatStartHour(9)).toBe("09:00");
    expect(formatStartHour(23)).toBe("23:00");
    expect(parseStartHour("09:00")).toBe(9);
    expect(parseStartHour("23:00:00")).toBe(23);
    expect(parseStartHour("24:00")).toBeNull();
    expect(parseStartHour("9:00")).toBeNull();
    expect(parseStartHour("09:30")).toBeNull();
    expect(parseStartHour(9)).toBeNull();
  });
});

describe("Finnish weekday names", () => {
  it("names each day of a known week, Monday first", () => {
    // 11.5.2026 is a Monday.
    expect(["11", "12", "13", "14", "15", "16", "17"].map((d) => weekdayName(`2026-05-${d}`))).toEqual([
      "maanantai",
      "tiistai",
      "keskiviikko",
      "torstai",
      "perjantai",
      "lauantai",
      "sunnuntai",
    ]);
    expect(weekdayName("2026-03-29")).toBe("sunnuntai");
  });
});

describe("month calendar", () => {
  const now = utc("2026-05-12T09:30:00Z"); // Tuesday 12.5.2026 klo 12.30

  it("lays out whole weeks starting on Monday", () => {
    const calendar = monthCalendar(2026, 5, now);
    expect(calendar.title).toBe("toukokuu 2026");
    // 1.5.2026 is a Friday: the grid starts on Monday 27.4. and ends on Sunday 31.5.
    expect(calendar.weeks).toHaveLength(5);
    expect(calendar.weeks[0][0]).toMatchObject({ date: "2026-04-27", dayOfMonth: 27, inMonth: false });
    expect(calendar.weeks[0][4]).toMatchObject({ date: "2026-05-01", dayOfMonth: 1, inMonth: true });
    expect(calendar.weeks[4][6]).toMatchObject({ date: "2026-05-31", inMonth: true });
    for (const week of calendar.weeks) {
      expect(week).toHaveLength(7);
      expect(weekdayName(week[0].date)).toBe("maanantai");
    }
  });

  it("disables past days, marks today and keeps the rest of the month open", () => {
    const days = monthCalendar(2026, 5, now).weeks.flat();
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get("2026-05-11")).toMatchObject({ disabled: true, unavailable: "past", isToday: false });
    expect(byDate.get("2026-05-12")).toMatchObject({ disabled: false, unavailable: null, isToday: true });
    expect(byDate.get("2026-05-13")).toMatchObject({ disabled: false, unavailable: null, isToday: false });
    expect(days.filter((d) => d.isToday)).toHaveLength(1);
  });

  it("disables days beyond 180 days and has no next month after the window", () => {
    // 12.5.2026 + 180 days = 8.11.2026.
    const november = monthCalendar(2026, 11, now);
    const byDate = new Map(november.weeks.flat().map((d) => [d.date, d]));
    expect(byDate.get("2026-11-08")?.disabled).toBe(false);
    expect(byDate.get("2026-11-09")).toMatchObject({ disabled: true, unavailable: "too_far" });
    expect(november.next).toBeNull();
    expect(november.previous).toEqual({ year: 2026, month: 10 });
  });

  it("has no previous month from the current month, and wraps the year", () => {
    expect(monthCalendar(2026, 5, now).previous).toBeNull();
    expect(monthCalendar(2026, 5, now).next).toEqual({ year: 2026, month: 6 });
    const december = monthCalendar(2025, 12, utc("2025-12-15T10:00:00Z"));
    expect(december.next).toEqual({ year: 2026, month: 1 });
  });

  it("disables today once no start hour is left", () => {
    const lateEvening = utc("2026-05-12T20:30:00Z"); // 23:30
    expect(isSelectableDate("2026-05-12", lateEvening)).toBe(false);
    const today = monthCalendar(2026, 5, lateEvening).weeks.flat().find((d) => d.isToday);
    expect(today).toMatchObject({ date: "2026-05-12", disabled: true, unavailable: "day_over" });
  });

  it("refuses a month that does not exist", () => {
    expect(() => monthCalendar(2026, 13, now)).toThrow(RangeError);
    expect(() => monthCalendar(2026, 0, now)).toThrow(RangeError);
  });
});

describe("which month the calendar shows", () => {
  const now = utc("2026-05-12T09:30:00Z");

  it("shows a requested month inside the window", () => {
    expect(resolveCalendarMonth("2026-08", null, now)).toEqual({ year: 2026, month: 8 });
  });

  it("falls back to the selected date's month, then the current month", () => {
    expect(resolveCalendarMonth("2027-03", "2026-07-04", now)).toEqual({ year: 2026, month: 7 });
    expect(resolveCalendarMonth("2026-04", null, now)).toEqual({ year: 2026, month: 5 });
    expect(resolveCalendarMonth("nonsense", "2025-01-01", now)).toEqual({ year: 2026, month: 5 });
    expect(resolveCalendarMonth(undefined, undefined, now)).toEqual({ year: 2026, month: 5 });
  });
});
