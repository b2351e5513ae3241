import type { DB, Executor } from "../db.server";
import { bookingInterval, helsinkiToday, type BookingInterval, type IsoDate } from "../domain/booking-window";
import { priceOrder } from "../domain/order-amounts";
import { occurrences, openSeriesHorizon, seriesDates, type SeriesEnd } from "../domain/recurrence";
import { logger } from "../logger.server";
import { isCustomerSuspended } from "../models/backoffice-customers.server";
import { caregiverAvailability, findOfferedCaregiver, listOfferedCaregivers } from "../models/caregivers.server";
import { insertSeries, type SeriesTemplate } from "../models/order-series.server";
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

export interface PreviewEntry {
  date: IsoDate;
  state: PreviewState;
  startsAt: Date | null;
  endsAt: Date | null;
  /** The occurrence's own price, by its start hour (null for a date without that hour). */
  priceCents: number | null;
  /** For a taken date: the best-rated helper who can come then, if anyone. */
  alternative: { id: string; name: string } | null;
}

/** The dates a choice makes now: an open-ended series is made 12 weeks ahead. */
export function choiceDates(choice: SeriesChoice, now: Date): IsoDate[] {
  return seriesDates(
    { firstDate: choice.firstDate, intervalWeeks: choice.intervalWeeks, end: choice.end },
    { horizon: openSeriesHorizon(helsinkiToday(now)) },
  );
}

/** Every date of the series with the helper free or taken, and its price. */
export async function previewSeries(executor: Executor, template: SeriesTemplate, choice: SeriesChoice, now: Date): Promise<PreviewEntry[]> {
  const bands = await getPriceBands(executor);
  const entries: PreviewEntry[] = [];
  for (const occurrence of occurrences(choiceDates(choice, now), choice.startHour, template.durationHours)) {
    if (!occurrence.exists) {
      entries.push({ date: occurrence.date, state: "no_hour", startsAt: null, endsAt: null, priceCents: null, alternative: null });
      continue;
    }
    const need = { serviceCategoryId: template.serviceCategoryId, city: template.place.city, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt };
    const free = template.caregiverId !== null && (await findOfferedCaregiver(executor, template.caregiverId, need)) !== null;
    const other = free ? null : (await listOfferedCaregivers(executor, need))[0];
    entries.push({
      date: occurrence.date,
      state: free ? "free" : "taken",
      startsAt: occurrence.startsAt,
      endsAt: occurrence.endsAt,
      priceCents: priceOrder({ bands, startHour: choice.startHour, durationHours: template.durationHours }).totalPriceCents,
      alternative: other ? { id: other.id, name: other.fullName } : null,
    });
  }
  return entries;
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
}

export type BookSeriesOutcome =
  | { ok: true; seriesId: string; orderIds: string[]; orderNumbers: string[]; paymentMethod: "online" | "invoice" }
  /** Dates whose helper can no longer come: nothing was booked. */
  | { ok: false; reason: "clashed"; dates: IsoDate[] }
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

      const preview = await previewSeries(trx, template, choice, input.now);
      const planned: Array<{ entry: PreviewEntry & { startsAt: Date; endsAt: Date }; caregiverId: string }> = [];
      // The preview posts a decision for every date it showed taken, so a taken date without one
      // was free when shown: taken since, a clash.
      const clashed: IsoDate[] = [];
      for (const entry of preview) {
        if (entry.state === "no_hour" || !entry.startsAt || !entry.endsAt) continue;
        const dated = { ...entry, startsAt: entry.startsAt, endsAt: entry.endsAt };
        if (entry.state === "free" && template.caregiverId) {
          planned.push({ entry: dated, caregiverId: template.caregiverId });
          continue;
        }
        const decision = input.decisions.get(entry.date);
        if (!decision) clashed.push(entry.date);
        else if (decision.skip) continue;
        else {
          const need = { serviceCategoryId: template.serviceCategoryId, city: template.place.city, startsAt: dated.startsAt, endsAt: dated.endsAt };
          const availability = await caregiverAvailability(trx, decision.caregiverId, need);
          if (availability.status === "available") planned.push({ entry: dated, caregiverId: decision.caregiverId });
          else clashed.push(entry.date);
        }
      }
      if (clashed.length > 0) throw new SeriesRefused({ ok: false, reason: "clashed", dates: clashed.sort() });
      if (planned.length < 2) throw new SeriesRefused({ ok: false, reason: "too_few" });

      const bands = await getPriceBands(trx);
      const priced = planned.map((visit) => ({
        ...visit,
        amounts: priceOrder({ bands, startHour: choice.startHour, durationHours: template.durationHours }),
      }));
      const changed = priced.find((visit) => visit.amounts.totalPriceCents !== input.shownVisitPriceCents);
      if (changed) throw new SeriesRefused({ ok: false, reason: "price_changed", visitPriceCents: changed.amounts.totalPriceCents });

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
          ...scheduled(bookingInterval(visit.entry.date, choice.startHour, template.durationHours)),
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
      if (!online) {
        // One invoice a month (decision 0039): this month's visits are invoiced now, later months' on their first day.
        await issueDueSeriesInvoices(trx, seriesId, input.now);
        await enqueueSeriesConfirmation(trx, seriesId, input.now);
      }
      return { ok: true as const, seriesId, orderIds, orderNumbers, paymentMethod: input.paymentMethod };
    });
  } catch (error) {
    if (error instanceof SeriesRefused) return error.outcome;
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
