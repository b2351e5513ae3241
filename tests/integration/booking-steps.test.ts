import { beforeAll, describe, expect, it } from "vitest";
import { addCalendarDays, availableStartHours, helsinkiToday, helsinkiWallTimeToInstant } from "~/domain/booking-window";
import { DRAFT_NOTICE_MESSAGES } from "~/messages/booking";
import { loader as varaaTimeLoader } from "~/routes/varaa._index";
import { loader as varaaCaregiverLoader } from "~/routes/varaa.kaveri";
import { loader as varaaContactLoader } from "~/routes/varaa.yhteystiedot";
import { loader as varausTimeLoader } from "~/routes/varaus._index";
import { loader as varausCaregiverLoader } from "~/routes/varaus.kaveri";
import { answerOf } from "./support/auth";
import { availableAlways, offerEveryService } from "./support/booking-fixtures";
import {
  CONTEXT,
  dateInDays,
  draftQuery,
  getUrl,
  insertOrderFor,
  seedBookingFixtures,
  type BookingFixtures,
} from "./support/booking";

// Steps 1 and 2 of the booking wizards through real GET requests, as a browser without JavaScript
// sends them (spec 000 §2 "Booking step 1/2", §5 "Booking, step 1"; DESIGN.md decisions 4–6).

let f: BookingFixtures;
const DAY = dateInDays(10);

beforeAll(async () => {
  f = await seedBookingFixtures();
});

function step1(query: string, path = "/varaa") {
  const request = getUrl(path, query);
  const loader = path === "/varaus" ? varausTimeLoader : varaaTimeLoader;
  return answerOf(() => loader({ request, params: {}, context: CONTEXT }));
}

function step2(query: string, path = "/varaa/kaveri") {
  const request = getUrl(path, query);
  const loader = path === "/varaus/kaveri" ? varausCaregiverLoader : varaaCaregiverLoader;
  return answerOf(() => loader({ request, params: {}, context: CONTEXT }));
}

function step3(query: string) {
  return answerOf(() => varaaContactLoader({ request: getUrl("/varaa/yhteystiedot", query), params: {}, context: CONTEXT }));
}

function paramsOf(location: string | null) {
  expect(location).not.toBeNull();
  return new URL(location!, "http://x").searchParams;
}

describe("step 1: date, time, duration and service", () => {
  it("shows the current month's calendar with past days and days beyond 180 disabled", async () => {
    const answer = await step1("");
    expect(answer.status).toBe(200);
    const { calendar, selectedDate } = answer.data;
    expect(selectedDate).toBeNull();
    const today = helsinkiToday(new Date());
    const days = calendar.weeks.flat();
    // Weeks start on Monday: every week has seven days and the first is a Monday.
    for (const week of calendar.weeks) expect(week).toHaveLength(7);
    expect(new Date(`${days[0].date}T12:00:00Z`).getUTCDay()).toBe(1);
    for (const day of days.filter((d: { date: string }) => d.date < today)) expect(day.disabled).toBe(true);
    expect(calendar.previous).toBeNull();
  });

  it("disables day 181 and allows day 180 in its month", async () => {
    const last = addCalendarDays(helsinkiToday(new Date()), 180);
    const beyond = addCalendarDays(helsinkiToday(new Date()), 181);
    const answer = await step1(draftQuery({}, { kuukausi: beyond.slice(0, 7) }));
    const days = answer.data.calendar.weeks.flat();
    const lastDay = days.find((d: { date: string }) => d.date === last);
    const beyondDay = days.find((d: { date: string }) => d.date === beyond);
    if (lastDay) expect(lastDay.disabled).toBe(false);
    if (beyondDay) expect(beyondDay.disabled).toBe(true);
    expect(lastDay ?? beyondDay).toBeDefined();
  });

  it("picking a day answers with the draft's clean address, scrolled to the hours", async () => {
    const answer = await step1(draftQuery({ duration: 2 }, { valitse_paiva: DAY, kesto_muu: "" }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/varaa?paiva=${DAY}&kesto=2#aika`);
  });

  it("offers every hour 00–23 on a future day, grouped with their band's price", async () => {
    const answer = await step1(draftQuery({ date: DAY, duration: 2 }));
    expect(answer.data.selectedDate).toBe(DAY);
    expect(answer.data.slots.map((s: { hour: number }) => s.hour)).toEqual(availableStartHours(DAY, new Date()));
    const byHour = new Map(answer.data.slots.map((s: { hour: number; hourlyCents: number }) => [s.hour, s.hourlyCents]));
    expect(byHour.get(7)).toBe(8000);
    expect(byHour.get(8)).toBe(4000);
    expect(byHour.get(17)).toBe(4000);
    expect(byHour.get(18)).toBe(6000);
    expect(byHour.get(23)).toBe(6000);
  });

  it("does not offer past hours of today, and a past hour chosen today is dropped when the day is picked", async () => {
    const today = helsinkiToday(new Date());
    const answer = await step1(draftQuery({ date: today, duration: 2 }));
    for (const slot of answer.data.slots) {
      expect(helsinkiWallTimeToInstant(today, slot.hour)!.getTime()).toBeGreaterThan(Date.now() - 1000);
    }
    expect(answer.data.slots.map((s: { hour: number }) => s.hour)).toEqual(availableStartHours(today, new Date()));
    const picked = await step1(draftQuery({ date: DAY, time: "00:00", duration: 2 }, { valitse_paiva: today }));
    expect(paramsOf(picked.location).get("aika")).toBeNull();
  });

  it("keeps the chosen hour when another day offers it", async () => {
    const picked = await step1(draftQuery({ date: DAY, time: "14:00", duration: 3 }, { valitse_paiva: dateInDays(11) }));
    const params = paramsOf(picked.location);
    expect(params.get("paiva")).toBe(dateInDays(11));
    expect(params.get("aika")).toBe("14:00");
    expect(params.get("kesto")).toBe("3");
  });

  it("picking an hour reveals duration and services with the hour's price", async () => {
    const picked = await step1(draftQuery({ date: DAY, duration: 2 }, { valitse_aika: "18:00", kesto_muu: "" }));
    expect(picked.location).toBe(`/varaa?paiva=${DAY}&aika=18%3A00&kesto=2#kesto`);
    const answer = await step1(draftQuery({ date: DAY, time: "18:00", duration: 2 }));
    expect(answer.data.selectedHour).toBe(18);
    expect(answer.data.hourlyCents).toBe(6000);
    expect(answer.data.services.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([f.serviceId, f.otherServiceId]));
  });

  it("defaults the duration to 2 hours", async () => {
    const answer = await step1(draftQuery({ date: DAY, time: "10:00" }));
    expect(answer.data.durationHours).toBe(2);
  });

  it("takes a pressed duration button", async () => {
    const answer = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { valitse_kesto: "8", kesto_muu: "" }));
    expect(paramsOf(answer.location).get("kesto")).toBe("8");
  });

  it("lets a typed duration win over a pressed button", async () => {
    const answer = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { valitse_kesto: "3", kesto_muu: "7" }));
    expect(paramsOf(answer.location).get("kesto")).toBe("7");
  });

  it("takes the button when the manual field only carries back the current duration", async () => {
    const answer = await step1(draftQuery({ date: DAY, time: "10:00", duration: 7 }, { valitse_kesto: "3", kesto_muu: "7" }));
    expect(paramsOf(answer.location).get("kesto")).toBe("3");
  });

  it("accepts a typed duration of 1–24 hours only", async () => {
    const ok = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { kesto_muu: "24" }));
    expect(paramsOf(ok.location).get("kesto")).toBe("24");

    const tooLong = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { kesto_muu: "25" }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.durationError).toBe("Kesto enintään 24 tuntia");
    expect(tooLong.data.manualDuration).toBe("25");
    expect(tooLong.data.durationHours).toBe(2);

    const tooShort = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { kesto_muu: "0" }));
    expect(tooShort.data.durationError).toBe("Kesto vähintään 1 tunti");

    const fraction = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { kesto_muu: "2,5" }));
    expect(fraction.data.durationError).toBe("Anna kesto kokonaisina tunteina (1–24).");
  });

  it("continues to step 2 when service, date and time are chosen", async () => {
    const answer = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2, service: f.serviceId }, { jatka: "1", kesto_muu: "" }));
    expect(answer.location).toBe(`/varaa/kaveri?${draftQuery({ date: DAY, time: "10:00", duration: 2, service: f.serviceId })}`);
  });

  it("the /varaus wizard continues within /varaus", async () => {
    const answer = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2, service: f.serviceId }, { jatka: "1" }), "/varaus");
    expect(answer.location?.startsWith("/varaus/kaveri?")).toBe(true);
    const page = await step1(draftQuery({ date: DAY }), "/varaus");
    expect(page.data.flow.id).toBe("varaus");
  });

  it("refuses to continue without a service, a time or a date, saying what is missing", async () => {
    const noService = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { jatka: "1" }));
    expect(paramsOf(noService.location).get("viesti")).toBe("service_missing");
    const shown = await step1(draftQuery({ date: DAY, time: "10:00", duration: 2 }, { viesti: "service_missing" }));
    expect(shown.data.notice).toBe("Valitse palvelu.");

    const noTime = await step1(draftQuery({ date: DAY, service: f.serviceId }, { jatka: "1" }));
    expect(paramsOf(noTime.location).get("viesti")).toBe("time_missing");

    const noDate = await step1(draftQuery({ service: f.serviceId }, { jatka: "1" }));
    expect(paramsOf(noDate.location).get("viesti")).toBe("date_missing");
  });

  it("refuses a date in the past and a date 181 days ahead", async () => {
    const past = await step1(draftQuery({ date: dateInDays(-1), time: "10:00", service: f.serviceId }, { jatka: "1" }));
    expect(paramsOf(past.location).get("viesti")).toBe("date_past");
    const far = await step1(draftQuery({ date: dateInDays(181), time: "10:00", service: f.serviceId }, { jatka: "1" }));
    expect(paramsOf(far.location).get("viesti")).toBe("date_too_far");
    const farShown = await step1(draftQuery({ date: dateInDays(181) }, { viesti: "date_too_far" }));
    expect(farShown.data.notice).toBe("Voit varata ajan enintään 180 päivän päähän.");
    expect(farShown.data.selectedDate).toBeNull();
    const last = await step1(draftQuery({ date: dateInDays(180), time: "10:00", service: f.serviceId }, { jatka: "1" }));
    expect(last.location?.startsWith("/varaa/kaveri?")).toBe(true);
  });
});

describe("step 2: caregiver", () => {
  const draft = () => ({ date: dateInDays(20), time: "12:00", duration: 2, service: f.serviceId });

  it("sends an incomplete or out-of-window draft back to step 1 with the reason", async () => {
    const noService = await step2(draftQuery({ date: dateInDays(20), time: "12:00", duration: 2 }));
    expect(noService.location?.startsWith("/varaa?")).toBe(true);
    expect(paramsOf(noService.location).get("viesti")).toBe("service_missing");
    const past = await step2(draftQuery({ ...draft(), date: dateInDays(-2) }));
    expect(paramsOf(past.location).get("viesti")).toBe("date_past");
    const far = await step2(draftQuery({ ...draft(), date: dateInDays(181) }));
    expect(paramsOf(far.location).get("viesti")).toBe("date_too_far");
    const badDuration = await step2(draftQuery({ ...draft(), duration: 30 }));
    expect(paramsOf(badDuration.location).get("viesti")).toBe("duration_invalid");
    const badService = await step2(draftQuery({ ...draft(), service: "00000000-0000-4000-8000-000000000000" }));
    expect(paramsOf(badService.location).get("viesti")).toBe("service_missing");
  });

  it("offers approved caregivers rated at least 4, best first, never pending or lower rated ones", async () => {
    const answer = await step2(draftQuery(draft()));
    expect(answer.status).toBe(200);
    const ids = answer.data.caregivers.map((c: { id: string }) => c.id);
    expect(ids).toContain(f.topCaregiverId);
    expect(ids).toContain(f.caregiverId);
    expect(ids.indexOf(f.topCaregiverId)).toBeLessThan(ids.indexOf(f.caregiverId));
    expect(ids).not.toContain(f.lowRatedCaregiverId);
    expect(ids).not.toContain(f.pendingCaregiverId);
    const top = answer.data.caregivers.find((c: { id: string }) => c.id === f.topCaregiverId);
    expect(top).toMatchObject({ fullName: "Matti Korhonen", averageRating: 4.9, totalOrders: 112, city: "Helsinki" });
    expect(answer.data.caregivers.length).toBeLessThanOrEqual(6);
  });

  it("leaves out a caregiver booked at an overlapping time, but not for a cancelled order or one the travel time away", async () => {
    const date = dateInDays(30);
    await insertOrderFor({ caregiverId: f.caregiverId, serviceId: f.serviceId, date, startHour: 13, hours: 2 });
    await insertOrderFor({ caregiverId: f.topCaregiverId, serviceId: f.serviceId, date, startHour: 12, hours: 3, status: "cancelled" });
    await insertOrderFor({ caregiverId: f.topCaregiverId, serviceId: f.serviceId, date, startHour: 15, hours: 1 });
    const answer = await step2(draftQuery({ date, time: "12:00", duration: 2, service: f.serviceId }));
    const ids = answer.data.caregivers.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(f.caregiverId); // 13–15 overlaps 12–14
    expect(ids).toContain(f.topCaregiverId); // cancelled 12–15 and 15–16, an hour after the visit, do not
  });

  it("shows at most six caregivers", async () => {
    // The fixtures plus the seeded helpers of other tests in this file: add enough to exceed six.
    const { getDb } = await import("~/db.server");
    const db = await getDb();
    for (let i = 0; i < 6; i++) {
      const profile = await db
        .insertInto("profiles")
        .values({ email: `lisa${i}-${Date.now()}@example.fi`, full_name: `Lisäkaveri ${i}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      const helper = await db
        .insertInto("caregivers")
        .values({ profile_id: profile.id, city: "Helsinki", status: "approved", average_rating: 4 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await offerEveryService(db, helper.id);
      await availableAlways(db, helper.id);
    }
    const answer = await step2(draftQuery(draft()));
    expect(answer.data.caregivers).toHaveLength(6);
    const ratings = answer.data.caregivers.map((c: { averageRating: number }) => c.averageRating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });

  it("'Jatka yhteystietoihin' needs a choice", async () => {
    const none = await step2(draftQuery(draft(), { jatka: "1" }));
    expect(none.location?.startsWith("/varaa/kaveri?")).toBe(true);
    expect(paramsOf(none.location).get("viesti")).toBe("caregiver_missing");
    const shown = await step2(draftQuery(draft(), { viesti: "caregiver_missing" }));
    expect(shown.data.notice).toBe(DRAFT_NOTICE_MESSAGES.caregiver_missing);
  });

  it("continues with 'Ei väliä' or an offered caregiver", async () => {
    const any = await step2(draftQuery({ ...draft(), caregiver: "ei-valia" }, { jatka: "1" }));
    expect(any.location).toBe(`/varaa/yhteystiedot?${draftQuery({ ...draft(), caregiver: "ei-valia" })}`);
    const chosen = await step2(draftQuery({ ...draft(), caregiver: f.topCaregiverId }, { jatka: "1" }), "/varaus/kaveri");
    expect(chosen.location).toBe(`/varaus/yhteystiedot?${draftQuery({ ...draft(), caregiver: f.topCaregiverId })}`);
  });

  it("refuses a caregiver who may not be booked, with the message of §8's spirit", async () => {
    for (const id of [f.lowRatedCaregiverId, f.pendingCaregiverId]) {
      const answer = await step2(draftQuery({ ...draft(), caregiver: id }, { jatka: "1" }));
      expect(paramsOf(answer.location).get("viesti")).toBe("caregiver_unavailable");
    }
    const shown = await step2(draftQuery(draft(), { viesti: "caregiver_unavailable" }));
    expect(shown.data.notice).toBe("Valitsemasi kaveri ei ole enää vapaana tuohon aikaan. Valitse toinen kaveri tai aika.");
  });
});

describe("step 3 re-checks the steps before it", () => {
  it("sends a draft without a time to step 1 and one without a caregiver choice to step 2", async () => {
    const noTime = await step3(draftQuery({ date: dateInDays(5), service: f.serviceId, caregiver: "ei-valia" }));
    expect(noTime.location?.startsWith("/varaa?")).toBe(true);
    expect(paramsOf(noTime.location).get("viesti")).toBe("time_missing");

    const noChoice = await step3(draftQuery({ date: dateInDays(5), time: "10:00", duration: 2, service: f.serviceId }));
    expect(noChoice.location?.startsWith("/varaa/kaveri?")).toBe(true);
    expect(paramsOf(noChoice.location).get("viesti")).toBe("caregiver_missing");
  });

  it("renders the form with the summary, the price and a bot-check question for a complete draft", async () => {
    const answer = await step3(draftQuery({ date: dateInDays(5), time: "19:00", duration: 3, service: f.serviceId, caregiver: "ei-valia" }));
    expect(answer.status).toBe(200);
    expect(answer.data.summary).toMatchObject({ serviceName: "Juttuseura", durationLabel: "3 tuntia", caregiverName: null });
    expect(answer.data.amounts).toMatchObject({ unitPriceCents: 6000, originalPriceCents: 18000, totalPriceCents: 18000 });
    expect(answer.data.botCheck.question).toMatch(/^Paljonko on [1-9] \+ [1-9]\?$/);
  });
});
