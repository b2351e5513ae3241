import { describe, expect, it } from "vitest";
import {
  ANY_CAREGIVER,
  applyTimeStepSubmission,
  checkTimeStep,
  draftSearchParams,
  noticeStep,
  readDraft,
  stepHref,
  type BookingDraft,
} from "~/booking/draft";
import { checkPlace } from "~/booking/place";
import { VARAA_FLOW, VARAA_KAVERI_FLOW, VARAUS_FLOW, nextStep, previousStep, stepNumber } from "~/booking/flows";

// The booking draft as the address carries it between the steps (app/booking/draft.ts).

// 21.11.2026 at 12:00 in Helsinki (EET, +02:00).
const NOW = new Date("2026-11-21T10:00:00Z");
const SERVICE = "6710fc55-9309-4b94-a22f-1c92ae1dbca3";
const services = new Set([SERVICE]);

const complete: BookingDraft = {
  date: "2026-11-25",
  time: "14:00",
  duration: "3",
  service: SERVICE,
  postalCode: "00100",
  city: "Helsinki",
  caregiver: null,
};
const EMPTY: BookingDraft = { date: null, time: null, duration: null, service: null, postalCode: null, city: null, caregiver: null };

function submission(query: Record<string, string>) {
  return applyTimeStepSubmission(new URLSearchParams(query), NOW);
}

describe("checkTimeStep", () => {
  it("accepts a complete draft", () => {
    expect(checkTimeStep(complete, { now: NOW, serviceIds: services })).toEqual({
      ok: true,
      value: { date: "2026-11-25", startHour: 14, durationHours: 3, serviceId: SERVICE },
    });
  });

  it("names the first missing or invalid part, in page order", () => {
    const check = (draft: Partial<BookingDraft>) => {
      const result = checkTimeStep({ ...complete, ...draft }, { now: NOW, serviceIds: services });
      return result.ok ? "ok" : result.notice;
    };
    expect(check({ date: null })).toBe("date_missing");
    expect(check({ date: "2026-02-30" })).toBe("date_missing");
    expect(check({ date: "2026-11-20" })).toBe("date_past");
    expect(check({ date: "2027-05-20" })).toBe("ok"); // today + 180 days
    expect(check({ date: "2027-05-21" })).toBe("date_too_far"); // today + 181 days
    expect(check({ time: null })).toBe("time_missing");
    expect(check({ time: "14:30" })).toBe("time_missing");
    expect(check({ date: "2026-11-21", time: "11:00" })).toBe("time_past");
    expect(check({ date: "2026-11-21", time: "12:00" })).toBe("time_past"); // starts now: not in the future
    expect(check({ date: "2026-11-21", time: "13:00" })).toBe("ok");
    expect(check({ duration: "0" })).toBe("duration_invalid");
    expect(check({ duration: "25" })).toBe("duration_invalid");
    expect(check({ duration: null })).toBe("ok"); // the default, 2 hours
    expect(check({ service: null })).toBe("service_missing");
    expect(check({ service: "00000000-0000-4000-8000-000000000000" })).toBe("service_missing");
  });

  it("refuses the hour that does not exist on the spring-forward day", () => {
    const spring = new Date("2026-03-20T10:00:00Z");
    const check = (time: string) => checkTimeStep({ ...complete, date: "2026-03-29", time }, { now: spring, serviceIds: services });
    expect(check("03:00")).toEqual({ ok: false, notice: "time_missing" });
    expect(check("04:00").ok).toBe(true);
  });
});

describe("applyTimeStepSubmission", () => {
  it("applies a picked day, hour and duration button", () => {
    const result = submission({ paiva: "2026-11-25", kesto: "2", valitse_aika: "09:00", kesto_muu: "" });
    expect(result.draft).toMatchObject({ date: "2026-11-25", time: "09:00", duration: "2" });
    expect(result.submitted).toBe(true);
    expect(submission({ ...draftQuery(complete), valitse_kesto: "8" }).draft.duration).toBe("8");
  });

  it("is not a submission without the form's own fields (a plain link)", () => {
    const result = submission(draftQuery(complete));
    expect(result.submitted).toBe(false);
    expect(result.draft).toEqual(complete);
  });

  it("lets a typed duration win over a button, unless it only carries back the current value", () => {
    expect(submission({ ...draftQuery(complete), valitse_kesto: "2", kesto_muu: "7" }).draft.duration).toBe("7");
    expect(submission({ ...draftQuery({ ...complete, duration: "7" }), valitse_kesto: "2", kesto_muu: "7" }).draft.duration).toBe("2");
    expect(submission({ ...draftQuery(complete), kesto_muu: "12" }).draft.duration).toBe("12");
  });

  it("refuses a typed duration outside 1–24 hours and keeps the previous one", () => {
    const result = submission({ ...draftQuery(complete), kesto_muu: "30" });
    expect(result.durationError).toBe("Kesto enintään 24 tuntia");
    expect(result.manualDuration).toBe("30");
    expect(result.draft.duration).toBe("3");
    expect(submission({ ...draftQuery(complete), kesto_muu: "0" }).durationError).toBe("Kesto vähintään 1 tunti");
    expect(submission({ ...draftQuery(complete), valitse_kesto: "7" }).durationError).toBe("Valitse kesto.");
  });

  it("a carried duration outside 1–24 falls back to the default", () => {
    expect(submission({ ...draftQuery(complete), kesto: "99" }).draft.duration).toBe("2");
  });

  it("keeps the hour on a new day when offered there, drops it otherwise", () => {
    expect(submission({ ...draftQuery(complete), valitse_paiva: "2026-11-26" }).draft.time).toBe("14:00");
    const today = submission({ ...draftQuery({ ...complete, time: "09:00" }), valitse_paiva: "2026-11-21" });
    expect(today.draft.date).toBe("2026-11-21");
    expect(today.draft.time).toBeNull();
  });

  it("takes the month from a navigation button, else the carried one", () => {
    expect(submission({ kuukausi: "2026-11", valitse_kuukausi: "2026-12" }).month).toBe("2026-12");
    expect(submission({ kuukausi: "2026-12" }).month).toBe("2026-12");
  });

  it("notices 'Jatka'", () => {
    expect(submission({ ...draftQuery(complete), jatka: "1" }).proceed).toBe(true);
  });
});

describe("addresses", () => {
  it("are canonical: fixed order, empty parts left out", () => {
    expect(draftSearchParams({ ...complete, caregiver: ANY_CAREGIVER }).toString()).toBe(
      `paiva=2026-11-25&aika=14%3A00&kesto=3&palvelu=${SERVICE}&postinumero=00100&kaupunki=Helsinki&kaveri=ei-valia`,
    );
    expect(stepHref(VARAA_FLOW, "time", EMPTY)).toBe("/varaa");
    expect(stepHref(VARAUS_FLOW, "caregiver", complete, { notice: "caregiver_missing" })).toBe(
      `/varaus/kaveri?paiva=2026-11-25&aika=14%3A00&kesto=3&palvelu=${SERVICE}&postinumero=00100&kaupunki=Helsinki&viesti=caregiver_missing`,
    );
    expect(stepHref(VARAA_KAVERI_FLOW, "summary", complete)).toMatch(/^\/varaa-kaveri\/yhteenveto\?paiva=/);
  });

  it("read back what they wrote and drop overlong values", () => {
    expect(readDraft(draftSearchParams(complete))).toEqual(complete);
    expect(readDraft(new URLSearchParams({ paiva: "x".repeat(101) })).date).toBeNull();
    // A city's name may be up to 100 characters; beyond that the value is dropped.
    expect(readDraft(new URLSearchParams({ kaupunki: "K".repeat(100) })).city).toBe("K".repeat(100));
    expect(readDraft(new URLSearchParams({ kaupunki: "K".repeat(101) })).city).toBeNull();
  });
});

describe("the visit's place (DESIGN.md decision 17)", () => {
  it("needs a five-digit postal code and a city of 2–100 characters", () => {
    expect(checkPlace(complete)).toEqual({ ok: true, value: { postalCode: "00100", city: "Helsinki" } });
    expect(checkPlace({ ...complete, postalCode: null }).ok).toBe(false);
    expect(checkPlace({ ...complete, postalCode: "0010" }).ok).toBe(false);
    expect(checkPlace({ ...complete, postalCode: "00a00" }).ok).toBe(false);
    expect(checkPlace({ ...complete, city: null }).ok).toBe(false);
    expect(checkPlace({ ...complete, city: "H" }).ok).toBe(false);
    expect(checkPlace({ ...complete, city: "Hel\u0000sinki" }).ok).toBe(false);
  });
});

describe("flows", () => {
  it("number their steps and know the way on and back", () => {
    expect(VARAA_KAVERI_FLOW.steps).toEqual(["service", "time", "caregiver", "summary"]);
    expect(stepNumber(VARAA_KAVERI_FLOW, "caregiver")).toBe(3);
    expect(nextStep(VARAA_KAVERI_FLOW, "time")).toBe("caregiver");
    expect(previousStep(VARAA_KAVERI_FLOW, "service")).toBeNull();
    expect(nextStep(VARAA_FLOW, "contact")).toBeNull();
  });

  it("send a notice back to the step that can fix it", () => {
    expect(noticeStep(VARAA_FLOW, "service_missing")).toBe("time");
    expect(noticeStep(VARAA_KAVERI_FLOW, "service_missing")).toBe("service");
    expect(noticeStep(VARAA_KAVERI_FLOW, "details_missing")).toBe("time");
    expect(noticeStep(VARAUS_FLOW, "place_missing")).toBe("time");
    expect(noticeStep(VARAA_KAVERI_FLOW, "caregiver_outside_area")).toBe("caregiver");
  });
});

function draftQuery(draft: BookingDraft): Record<string, string> {
  return Object.fromEntries(draftSearchParams(draft));
}
