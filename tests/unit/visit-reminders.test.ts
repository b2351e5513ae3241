import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isQuietHour, reminderKey, reminderKeyPrefix, reminderSendAt } from "~/domain/visit-reminders";

const HOUR = 60 * 60 * 1000;
/** A Helsinki wall time in winter (UTC+2). */
const winter = (isoLocal: string) => new Date(`${isoLocal}+02:00`);
/** A Helsinki wall time in summer (UTC+3). */
const summer = (isoLocal: string) => new Date(`${isoLocal}+03:00`);

describe("reminderSendAt", () => {
  const visit = winter("2026-12-08T14:00:00");

  it("sends none for a booking made 25 hours ahead", () => {
    expect(reminderSendAt(visit, new Date(visit.getTime() - 25 * HOUR))).toBeNull();
  });

  it("sends none for a booking made a minute under 26 hours ahead, and one at exactly 26", () => {
    expect(reminderSendAt(visit, new Date(visit.getTime() - 26 * HOUR + 60_000))).toBeNull();
    expect(reminderSendAt(visit, new Date(visit.getTime() - 26 * HOUR))).toEqual(new Date(visit.getTime() - 24 * HOUR));
  });

  it("sends one 24 hours before for a booking made 27 hours ahead", () => {
    expect(reminderSendAt(visit, new Date(visit.getTime() - 27 * HOUR))).toEqual(winter("2026-12-07T14:00:00"));
  });

  it("sends a 23.30 visit's reminder at 20.00 the day before", () => {
    const late = winter("2026-12-08T23:30:00");
    expect(reminderSendAt(late, winter("2026-12-01T10:00:00"))).toEqual(winter("2026-12-07T20:00:00"));
  });

  it("sends a visit at 02.00 at 20.00 the evening before the night its 24 hours fall in", () => {
    const night = winter("2026-12-09T02:00:00");
    expect(reminderSendAt(night, winter("2026-12-01T10:00:00"))).toEqual(winter("2026-12-07T20:00:00"));
  });

  it("keeps 08.00 and 20.59 as they are, and moves 21.00 and 07.59", () => {
    const made = winter("2026-12-01T10:00:00");
    expect(reminderSendAt(winter("2026-12-09T08:00:00"), made)).toEqual(winter("2026-12-08T08:00:00"));
    expect(reminderSendAt(winter("2026-12-09T20:59:00"), made)).toEqual(winter("2026-12-08T20:59:00"));
    expect(reminderSendAt(winter("2026-12-09T21:00:00"), made)).toEqual(winter("2026-12-08T20:00:00"));
    expect(reminderSendAt(winter("2026-12-09T07:59:00"), made)).toEqual(winter("2026-12-07T20:00:00"));
  });

  it("sends none when 20.00 the evening before has already passed at booking", () => {
    // Visit Tue 07.00; 24 h before is Mon 07.00 (quiet) → Sun 20.00, but it was booked Sun 20.30.
    const visitAt = winter("2026-12-08T07:00:00");
    expect(reminderSendAt(visitAt, winter("2026-12-06T20:30:00"))).toBeNull();
  });

  it("comes 36 hours ahead plus the hour the clocks go back that night", () => {
    // Visit Mon 1.11.2027 07.00 (winter); 24 h before is Sun 07.00, in the quiet hours; 20.00 on
    // Saturday is still summer time (the clocks go back on Sunday at 04.00).
    expect(reminderSendAt(winter("2027-11-01T07:00:00"), summer("2027-10-20T10:00:00"))).toEqual(summer("2027-10-30T20:00:00"));
  });

  it("uses the Helsinki clock in summer and across the clock change", () => {
    expect(reminderSendAt(summer("2026-07-15T23:00:00"), summer("2026-07-01T10:00:00"))).toEqual(summer("2026-07-14T20:00:00"));
    // Clocks go back on Sun 25.10.2026 at 04.00: 20.00 on Saturday is still summer time.
    expect(reminderSendAt(winter("2026-10-26T05:00:00"), summer("2026-10-01T10:00:00"))).toEqual(summer("2026-10-24T20:00:00"));
  });

  it("never sends in the quiet hours, never later than 24 hours before, never before the booking", () => {
    const start = winter("2026-11-01T00:00:00").getTime();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 * 4 }), fc.integer({ min: 0, max: 14 * 24 * 4 }), (quarter, leadQuarters) => {
        const visitAt = new Date(start + quarter * 15 * 60_000);
        const madeAt = new Date(visitAt.getTime() - leadQuarters * 15 * 60_000);
        const sendAt = reminderSendAt(visitAt, madeAt);
        if (visitAt.getTime() - madeAt.getTime() < 26 * HOUR) return sendAt === null;
        if (sendAt === null) return true;
        return (
          !isQuietHour(sendAt) &&
          sendAt.getTime() <= visitAt.getTime() - 24 * HOUR &&
          // At most 36 hours (07.59 → 20.00 two evenings before), one more when the clocks go
          // back in that night (a counterexample fast-check found: 31.10.2027).
          visitAt.getTime() - sendAt.getTime() <= 37 * HOUR &&
          sendAt.getTime() > madeAt.getTime()
        );
      }),
    );
  });
});

describe("reminderKey", () => {
  const base = { orderId: "0b7f6a1e-2f6c-4c47-9d43-6d1c2f0f7a11", kind: "email" as const, audience: "payer" as const, address: " Aino@Example.com ", visitSequence: 0 };

  it("names the visit, kind, recipient and version, so a moved visit has a new key", () => {
    expect(reminderKey(base)).toBe("visit-reminder:0b7f6a1e-2f6c-4c47-9d43-6d1c2f0f7a11:email:payer:aino@example.com:v0");
    expect(reminderKey({ ...base, visitSequence: 1 })).not.toBe(reminderKey(base));
    expect(reminderKey({ ...base, audience: "caregiver" })).not.toBe(reminderKey(base));
    expect(reminderKey(base).startsWith(reminderKeyPrefix(base.orderId))).toBe(true);
  });
});
