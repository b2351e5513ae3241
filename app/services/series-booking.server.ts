import type { Transaction } from "kysely";
import { isUniqueViolation, type Database, type DB, type Executor } from "../db.server";
import { helsinkiToday, type BookingInterval, type IsoDate } from "../domain/booking-window";
import { priceOrder } from "../domain/order-amounts";
import type { PriceBand } from "../domain/pricing";
import { occurrences, openSeriesHorizon, seriesDates, type SeriesEnd } from "../domain/recurrence";
import { logger } from "../logger.server";
import { isCustomerSuspended } from "../models/backoffice-customers.server";
import { caregiverAvailability, offersAtSlots } from "../models/caregivers.server";
import { touchProfileActivity } from "../models/inactive-accounts.server";
import { insertSeries, SERIES_SUBMISSION_KEY_INDEX, type SeriesTemplate } from "../models/order-series.server";
import { insertOrder, insertOrderPayment, isCaregiverOverlapError } from "../models/orders.server";
import { findActiveServiceCategory } from "../models/service-categories.server";
import { getPriceBands } from "../models/settings.server";
import { enqueueSeriesConfirmation } from "./series-emails.server";
import { issueDueSeriesInvoices } from "./series-invoices.server";

// Booking weekly visits with the same helper (issue 27 item 4; docs/decisions/0037). The preview
// answers, for every date of the rule, whether the series' helper can come (the one matching
// rule: plan, exceptions, busy, travel time) and, when not, the best-rated helper who can
// ("Joku muu kaveri"). Booking re-checks every date inside one transaction and inserts every
// occurrence as an order of its own, priced by its own start hour; the exclusion constraints guard
// each one, so when two families race for one weekly slot one series is booked and the other
// transaction rolls back whole: nothing of it is left, and its preview shows which dates went.

export interface SeriesChoice {
  intervalWeeks: 1 | 2;
  firstDate: IsoDate;
  startHour: number;
  end: SeriesEnd;
}

export type PreviewState = "free" | "taken" | "no_hour";

/** A date whose hour does not exist (spring forward): shown, never booked. */
export interface NoHourEntry {
  date: IsoDate;
  state: "no_hour";
  startsAt: null;
  endsAt: null;
  priceCents: null;
  alternative: null;
}

/** A date with its visit's interval (bookingInterval's, computed once here and booked as it is). */
export interface TimedEntry extends BookingInterval {
  date: IsoDate;
  state: "free" | "taken";
  /** The occurrence's own price, by its start hour. */
  priceCents: number;
  /** For a taken date: the best-rated helper who can come then, if anyone. */
  alternative: { id: string; name: string } | null;
}

export type PreviewEntry = NoHourEntry | TimedEntry;

/** The dates a choice makes now: an open-ended series is made 12 weeks ahead. */
export function choiceDates(choice: SeriesChoice, now: Date): IsoDate[] {
  return seriesDates(
    { firstDate: choice.firstDate, intervalWeeks: choice.intervalWeeks, end: choice.end },
    { horizon: openSeriesHorizon(helsinkiToday(now)) },
  );
}

/**
 * Every date of the series with the helper free or taken, and its price. Who can come is asked
 * for every date in one query (offersAtSlots). `bands`: the price bands already read (booking
 * reads them once in its transaction); read here when not given.
 */
export async function previewSeries(
  executor: Executor,
  template: SeriesTemplate,
  choice: SeriesChoice,
  now: Date,
  bands?: PriceBand[],
): Promise<PreviewEntry[]> {
  const priceBands = bands ?? (await getPriceBands(executor));
  const priceCents = priceOrder({ bands: priceBands, startHour: choice.startHour, durationHours: template.durationHours }).totalPriceCents;
  const dated = occurrences(choiceDates(choice, now), choice.startHour, template.durationHours);
  const timed = dated.filter((occurrence) => occurrence.exists);
  const offers = await offersAtSlots(
    executor,
    { serviceCategoryId: template.serviceCategoryId, city: template.place.city, caregiverId: template.caregiverId },
    timed,
  );
  return dated.map((occurrence): PreviewEntry => {
    if (!occurrence.exists) return { date: occurrence.date, state: "no_hour", startsAt: null, endsAt: null, priceCents: null, alternative: null };
    const { exists: _, ...interval } = occurrence;
    const offer = offers[timed.indexOf(occurrence)]!;
    const other = offer.free ? null : offer.alternative;
    return { ...interval, state: offer.free ? "free" : "taken", priceCents, alternative: other ? { id: other.id, name: other.fullName } : null };
  });
}

/** What the customer chose for a taken date: skip it, or book the named other helper. */
export type TakenDecision = { skip: true } | { skip: false; caregiverId: string };

export interface BookSeriesInput {
  template: SeriesTemplate;
  choice: SeriesChoice;
  decisions: ReadonlyMap<IsoDate, TakenDecision>;
  paymentMethod: "online" | "invoice";
  onlineProvider: "local" | "stripe";
  signedInUserId: string;
  /** The price of a visit the preview showed; a different price now is shown again, never charged. */
  shownVisitPriceCents: number;
  now: Date;
  /**
   * What else the booking records, in its own transaction after the visits are inserted (the
   * wizard's text-reminder consent and "Tallenna osoite"): written only with the series, and a
   * failure here books nothing.
   */
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>;
  /** The preview form's key: a second booking with it is refused as `already_booked`. */
  submissionKey?: string | null;
}

export type BookSeriesOutcome =
  | { ok: true; seriesId: string; orderIds: string[]; orderNumbers: string[]; paymentMethod: "online" | "invoice" }
  /** Dates whose helper can no longer come: nothing was booked. */
  | { ok: false; reason: "clashed"; dates: IsoDate[] }
  /** The same preview form was booked already (its key is taken): nothing more was booked. */
  | { ok: false; reason: "already_booked" }
  /** Fewer than two visits left to book. */
  | { ok: false; reason: "too_few" }
  | { ok: false; reason: "price_changed"; visitPriceCents: number }
  | { ok: false; reason: "service_unavailable" }
  | { ok: false; reason: "customer_suspended" };

type Refusal = Extract<BookSeriesOutcome, { ok: false }>;

class SeriesRefused extends Error {
  constructor(readonly outcome: Refusal) {
    super(outcome.reason);
    this.name = "SeriesRefused";
  }
}

export async function bookSeries(db: DB, input: BookSeriesInput): Promise<BookSeriesOutcome> {
  const { template, choice } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      const service = await findActiveServiceCategory(trx, template.serviceCategoryId);
      if (!service) throw new SeriesRefused({ ok: false, reason: "service_unavailable" });
      if (await isCustomerSuspended(trx, template.customerId)) throw new SeriesRefused({ ok: false, reason: "customer_suspended" });

      const bands = await getPriceBands(trx);
      const preview = await previewSeries(trx, template, choice, input.now, bands);
      const planned: Array<{ entry: TimedEntry; caregiverId: string }> = [];
      // The preview posts a decision for every date it showed taken, so a taken date without one
      // was free when shown: taken since, a clash.
      const clashed: IsoDate[] = [];
      for (const entry of preview) {
        if (entry.state === "no_hour") continue;
        if (entry.state === "free" && template.caregiverId) {
          planned.push({ entry, caregiverId: template.caregiverId });
          continue;
        }
        const decision = input.decisions.get(entry.date);
        if (!decision) clashed.push(entry.date);
        else if (decision.skip) continue;
        else {
          const need = { serviceCategoryId: template.serviceCategoryId, city: template.place.city, startsAt: entry.startsAt, endsAt: entry.endsAt };
          const availability = await caregiverAvailability(trx, decision.caregiverId, need);
          if (availability.status === "available") planned.push({ entry, caregiverId: decision.caregiverId });
          else clashed.push(entry.date);
        }
      }
      if (clashed.length > 0) throw new SeriesRefused({ ok: false, reason: "clashed", dates: clashed.sort() });
      if (planned.length < 2) throw new SeriesRefused({ ok: false, reason: "too_few" });

      const priced = planned.map((visit) => ({
        ...visit,
        amounts: priceOrder({ bands, startHour: choice.startHour, durationHours: template.durationHours }),
      }));
      const changed = priced.find((visit) => visit.amounts.totalPriceCents !== input.shownVisitPriceCents);
      if (changed) throw new SeriesRefused({ ok: false, reason: "price_changed", visitPriceCents: changed.amounts.totalPriceCents });

      // A booking is a use of the booker's account (decision 0047).
      await touchProfileActivity(trx, input.signedInUserId, input.now);
      const dates = choiceDates(choice, input.now);
      const seriesId = await insertSeries(trx, {
        customerId: template.customerId,
        createdBy: input.signedInUserId,
        caregiverId: template.caregiverId,
        serviceCategoryId: template.serviceCategoryId,
        intervalWeeks: choice.intervalWeeks,
        startHour: choice.startHour,
        durationHours: template.durationHours,
        firstDate: choice.firstDate,
        end: choice.end,
        paymentMethod: input.paymentMethod,
        generatedUntil: dates.at(-1) ?? choice.firstDate,
        submissionKey: input.submissionKey ?? null,
      });
      const online = input.paymentMethod === "online";
      const orderIds: string[] = [];
      const orderNumbers: string[] = [];
      for (const visit of priced) {
        const order = await insertOrder(trx, {
          customerId: template.customerId,
          caregiverId: visit.caregiverId,
          serviceCategoryId: template.serviceCategoryId,
          bookingFor: template.bookingFor,
          recipient: template.recipient,
          contactPhone: template.contactPhone,
          recipientEmail: template.recipientEmail,
          smsPhone: template.smsPhone,
          startsAt: visit.entry.startsAt,
          endsAt: visit.entry.endsAt,
          ...scheduled(visit.entry),
          durationHours: template.durationHours,
          place: template.place,
          description: template.description,
          specialNotes: template.specialNotes,
          paymentMethod: input.paymentMethod,
          amounts: visit.amounts,
          discountCodeId: null,
          // Online: every visit waits for the first checkout, which saves the card (decision 0037).
          status: online ? "pending_payment" : "pending",
          createdBy: input.signedInUserId,
          seriesId,
        });
        await insertOrderPayment(trx, {
          orderId: order.id,
          customerId: template.customerId,
          caregiverId: visit.caregiverId,
          amountCents: visit.amounts.totalPriceCents,
          provider: online ? input.onlineProvider : "invoice",
          method: online ? null : "invoice",
        });
        orderIds.push(order.id);
        orderNumbers.push(order.orderNumber);
      }
      await input.alsoInTransaction?.(trx);
      if (!online) {
        // One invoice a month (decision 0039): this month's visits are invoiced now, later months' on their first day.
        await issueDueSeriesInvoices(trx, seriesId, input.now);
        await enqueueSeriesConfirmation(trx, seriesId, input.now);
      }
      return { ok: true as const, seriesId, orderIds, orderNumbers, paymentMethod: input.paymentMethod };
    });
  } catch (error) {
    if (error instanceof SeriesRefused) return error.outcome;
    if (isUniqueViolation(error, SERIES_SUBMISSION_KEY_INDEX)) return { ok: false, reason: "already_booked" };
    if (isCaregiverOverlapError(error)) {
      // Another booking took one of the times after our check: the preview now names the dates.
      logger.info({ caregiverId: template.caregiverId }, "series refused: a date was taken meanwhile");
      const preview = await previewSeries(db, template, choice, input.now);
      const gone = preview.filter((entry) => entry.state === "taken" && !input.decisions.has(entry.date)).map((entry) => entry.date);
      return { ok: false, reason: "clashed", dates: gone };
    }
    throw error;
  }
}

function scheduled(interval: BookingInterval) {
  return { scheduledDate: interval.scheduledDate, scheduledStart: interval.scheduledStart, scheduledEnd: interval.scheduledEnd };
}
