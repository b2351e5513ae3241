import type { DB, Executor } from "../db.server";
import { bookingInterval, validateBookingStart, type BookingInterval } from "../domain/booking-window";
import { discountAmountCents } from "../domain/discount";
import { formatEuros, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { invoiceDates } from "../domain/invoice";
import { priceOrder, type OrderAmounts } from "../domain/order-amounts";
import { planRescheduleMoney, rescheduleRefusal, type RescheduleMoneyPlan } from "../domain/reschedule";
import { logger } from "../logger.server";
import { rescheduleEmails, type RescheduleRefusalReason } from "../messages/reschedule";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { getBookingDocument } from "../models/booking-documents.server";
import { caregiverAvailability, type OfferedCaregiver } from "../models/caregivers.server";
import { creditInvoice } from "../models/order-cancellation.server";
import {
  addRefundedCents,
  claimRescheduleRefund,
  detachInvoice,
  findCapturedPayment,
  findCurrentInvoice,
  findRescheduleRefund,
  insertReschedule,
  lockOrderToReschedule,
  markRescheduleRefundManual,
  moveOrder,
  settleRescheduleRefund,
  type CapturedPayment,
  type CurrentInvoice,
  type OrderToReschedule,
} from "../models/order-reschedule.server";
import { findPaymentForRefund } from "../models/payments.server";
import { getContactInfo, getPriceBands } from "../models/settings.server";
import { bookingIcs } from "./booking-emails.server";
import { icsAttachment, renderEmail, sendEmail, type EmailAttachment } from "./email.server";
import { issueManageLink } from "./manage-links.server";
import { orderPath } from "../domain/portal-paths";
import { env } from "../env.server";
import { invoiceAttachment, issueInvoice } from "./invoices.server";
import { monthlyInvoiceOf } from "./series-invoices.server";
import { caregiverVisitIcs, notifyAssignedCaregiver } from "./order-assignment.server";
import { ChangeRefused, runOrderChange } from "./order-change.server";
import { enqueueJob } from "./job-queue.server";
import { getPaymentProvider } from "./payments/active-provider.server";
import { now as clockNow } from "./clock.server";
import { scheduleVisitReminders } from "./visit-reminders.server";

// Rescheduling a visit, "Muuta aikaa" (DESIGN.md decision 23, docs/decisions/0020): in one
// transaction the order row is locked, the rule of app/domain/reschedule.ts checked on it, the
// new time and price written (the exclusion constraint orders_no_caregiver_overlap still decides
// whether the helper is free, so two moves into one slot cannot both win), an unpaid invoice
// credited and replaced, the change audited and the customer and helpers e-mailed with a calendar
// file of the same UID and a higher SEQUENCE. A lower price than what was paid online is
// refunded after the commit (a network call); the reschedule row's refund state makes it happen
// once, whoever retries it.

export type RescheduleActorInput =
  | { kind: "customer"; profileId: string; audit: AuditActor }
  | { kind: "staff"; audit: AuditActor };

export interface NewTime {
  date: string;
  startHour: number;
  durationHours: number;
}

/** The helper of the moved visit: an id (the same one or another) or none ('Ei väliä', or staff leaving it open). */
export type CaregiverChoice = string | null;

export interface ReschedulePreview {
  interval: BookingInterval;
  amounts: OrderAmounts;
  plan: RescheduleMoneyPlan;
}

/** The new price: the price list in force at the new start hour, the order's discount code's rule applied again. */
export function repriceOrder(order: Pick<OrderToReschedule, "discount">, bands: Awaited<ReturnType<typeof getPriceBands>>, time: NewTime): OrderAmounts {
  const undiscounted = priceOrder({ bands, startHour: time.startHour, durationHours: time.durationHours });
  const discountCents = order.discount ? discountAmountCents(order.discount, undiscounted.originalPriceCents) : 0;
  return priceOrder({ bands, startHour: time.startHour, durationHours: time.durationHours, discountCents });
}

function moneyPlan(
  order: OrderToReschedule,
  amounts: OrderAmounts,
  invoice: CurrentInvoice | null,
  payment: CapturedPayment | null,
  monthlyInvoice: { onInvoice: boolean } | null,
): RescheduleMoneyPlan {
  return planRescheduleMoney({
    monthlyInvoice,
    paymentMethod: order.paymentMethod,
    oldTotalCents: order.totalPriceCents,
    newTotalCents: amounts.totalPriceCents,
    paidOnlineCents: payment?.heldCents ?? 0,
    invoice: invoice ? { amountCents: invoice.amountCents, paidCents: invoice.paidCents, status: invoice.status } : null,
  });
}

/** What the confirm page shows: the new time, the new price and what happens with the money. */
export async function previewReschedule(executor: Executor, order: OrderToReschedule, time: NewTime): Promise<ReschedulePreview> {
  const bands = await getPriceBands(executor);
  const amounts = repriceOrder(order, bands, time);
  const [invoice, payment, monthly] = await Promise.all([
    findCurrentInvoice(executor, order.id),
    order.paymentMethod === "online" ? findCapturedPayment(executor, order.id) : Promise.resolve(null),
    monthlyInvoiceOf(executor, order.id),
  ]);
  return { interval: bookingInterval(time.date, time.startHour, time.durationHours), amounts, plan: moneyPlan(order, amounts, invoice, payment, monthly) };
}

/** The order's own helper is free at the new time (their own order does not count against them). */
export async function currentCaregiverFree(executor: Executor, order: OrderToReschedule, interval: BookingInterval): Promise<OfferedCaregiver | null> {
  if (!order.caregiver) return null;
  const availability = await caregiverAvailability(executor, order.caregiver.id, { ...interval, city: order.city, serviceCategoryId: order.serviceId }, order.id);
  return availability.status === "available" ? availability.caregiver : null;
}

export type RescheduleOutcome =
  | {
      ok: true;
      orderNumber: string;
      visitSequence: number;
      plan: Extract<RescheduleMoneyPlan, { ok: true }>;
      refund: "none" | "refunded" | "failed" | "manual" | "in_progress";
    }
  | { ok: false; reason: RescheduleRefusalReason }
  /** The price bands changed after the confirm page showed the new price: shown again (this total), confirmed again. */
  | { ok: false; reason: "price_changed"; totalCents: number };

export async function rescheduleOrder(
  db: DB,
  actor: RescheduleActorInput,
  /** shownTotalCents: the new total the confirm page showed (null when the form did not say); the visit moves only at that price. */
  input: { orderId: string; time: NewTime; caregiverId: CaregiverChoice; expectedSequence: number; shownTotalCents?: number | null },
  now: Date = clockNow(),
): Promise<RescheduleOutcome> {
  let repricedCents = 0;
  const moved = await runOrderChange<{ orderNumber: string; visitSequence: number; plan: Extract<RescheduleMoneyPlan, { ok: true }>; rescheduleId: string }, RescheduleRefusalReason | "price_changed">(
    db,
    async (trx) => {
      const order = await lockOrderToReschedule(trx, input.orderId);
      if (!order) throw new ChangeRefused("not_found");
      if (actor.kind === "customer" && order.customer.profileId !== actor.profileId) throw new ChangeRefused("not_found");
      const refusal = rescheduleRefusal(order, actor.kind, now);
      if (refusal) throw new ChangeRefused(refusal);
      if (order.visitSequence !== input.expectedSequence) throw new ChangeRefused("stale");
      const start = validateBookingStart(input.time.date, input.time.startHour, now);
      if (!start.ok) throw new ChangeRefused("time_invalid");
      const interval = bookingInterval(input.time.date, input.time.startHour, input.time.durationHours);
      if (interval.startsAt.getTime() === order.startsAt.getTime() && interval.endsAt.getTime() === order.endsAt.getTime()) {
        throw new ChangeRefused("same_time");
      }
      if (input.caregiverId) {
        const availability = await caregiverAvailability(trx, input.caregiverId, { ...interval, city: order.city, serviceCategoryId: order.serviceId }, order.id);
        // Busy is the exclusion constraint's to decide (a parallel move may take the slot after this read).
        if (availability.status === "not_bookable" || availability.status === "outside_area" || availability.status === "no_service" || availability.status === "off_hours") throw new ChangeRefused("caregiver_unavailable");
      }

      const bands = await getPriceBands(trx);
      const amounts = repriceOrder(order, bands, input.time);
      if (input.shownTotalCents != null && input.shownTotalCents !== amounts.totalPriceCents) {
        repricedCents = amounts.totalPriceCents;
        throw new ChangeRefused("price_changed");
      }
      const invoice = await findCurrentInvoice(trx, order.id);
      const payment = order.paymentMethod === "online" ? await findCapturedPayment(trx, order.id) : null;
      const plan = moneyPlan(order, amounts, invoice, payment, await monthlyInvoiceOf(trx, order.id));
      if (!plan.ok) throw new ChangeRefused(plan.reason);

      const visitSequence = await moveOrder(trx, order.id, { interval, durationHours: input.time.durationHours, amounts, caregiverId: input.caregiverId });

      let creditNote: { creditNoteNumber: number; invoiceNumber: number } | null = null;
      if (plan.replaceInvoice && invoice) {
        creditNote = await creditInvoice(trx, { invoiceId: invoice.id, amountCents: invoice.amountCents, issueDate: invoiceDates(now).issueDate, closesInvoice: true });
        await detachInvoice(trx, invoice.id, order.id);
      }
      const newInvoice = plan.newInvoiceCents > 0 ? await issueInvoice(trx, order.id, plan.newInvoiceCents, now) : null;

      const rescheduleId = await insertReschedule(trx, {
        orderId: order.id,
        visitSequence,
        actorId: actor.audit.id,
        byStaff: actor.kind === "staff",
        old: { startsAt: order.startsAt, endsAt: order.endsAt, caregiverId: order.caregiver?.id ?? null, totalCents: order.totalPriceCents },
        next: { startsAt: interval.startsAt, endsAt: interval.endsAt, caregiverId: input.caregiverId, totalCents: amounts.totalPriceCents },
        creditedInvoiceId: plan.replaceInvoice ? (invoice?.id ?? null) : null,
        newInvoiceId: newInvoice?.invoiceId ?? null,
        paymentId: plan.refundCents > 0 ? (payment?.id ?? null) : null,
        refundCents: plan.refundCents,
      });
      if (plan.refundCents > 0) {
        // The refund is asked for right after the commit; this job is its safety net, for a
        // provider that failed or a process that stopped in between (a no-op once refunded).
        await enqueueJob(trx, "payments.reschedule_refund", { rescheduleId }, { runAt: new Date(Date.now() + RESCHEDULE_REFUND_RETRY_AFTER_MS), maxAttempts: RESCHEDULE_REFUND_ATTEMPTS });
      }

      const booking = await getBookingDocument(trx, order.id);
      if (!booking) throw new Error(`rescheduleOrder: order ${order.id} vanished inside its transaction`);
      const when = (from: Date, to: Date) => `${formatWeekdayDate(from)} ${formatTimeRange(from, to)}`;
      await writeAudit(trx, actor.audit, {
        action: "order.reschedule",
        entityType: "order",
        entityId: order.id,
        before: { Aika: when(order.startsAt, order.endsAt), Kaveri: order.caregiver?.fullName ?? "ei kaveria", Hinta: formatEuros(order.totalPriceCents) },
        after: {
          Aika: when(interval.startsAt, interval.endsAt),
          Kaveri: booking.caregiverName ?? "ei kaveria",
          Hinta: formatEuros(amounts.totalPriceCents),
          Muuttaja: actor.kind === "customer" ? "asiakas" : "henkilökunta",
          ...(creditNote ? { Hyvityslasku: `${creditNote.creditNoteNumber} (lasku ${creditNote.invoiceNumber})` } : {}),
          ...(newInvoice ? { "Uusi lasku": `${newInvoice.invoiceNumber}, ${formatEuros(plan.newInvoiceCents)}` } : {}),
          ...(plan.refundCents > 0 ? { Palautus: formatEuros(plan.refundCents) } : {}),
        },
      });

      await sendRescheduleEmails(trx, order, { booking, interval, plan, newInvoice: newInvoice !== null, caregiverId: input.caregiverId });
      // The reminders of the old time are withdrawn and the new time's queued (decision 0027).
      await scheduleVisitReminders(trx, order.id, { madeAt: now, known: booking });
      return { orderNumber: order.orderNumber, visitSequence, plan, rescheduleId };
    },
    { log: { orderId: input.orderId, caregiverId: input.caregiverId }, message: "reschedule refused: helper already booked at the new time" },
  );
  if ("ok" in moved) return moved.reason === "price_changed" ? { ok: false, reason: "price_changed", totalCents: repricedCents } : { ok: false, reason: moved.reason };

  const refund = moved.plan.refundCents > 0 ? await refundRescheduleDifference(db, moved.rescheduleId) : "none";
  return { ok: true, orderNumber: moved.orderNumber, visitSequence: moved.visitSequence, plan: moved.plan, refund };
}

/** When the safety-net job first looks at a move's refund, and how often it tries in all (with the queue's backoff, over about four hours). */
export const RESCHEDULE_REFUND_RETRY_AFTER_MS = 2 * 60_000;
export const RESCHEDULE_REFUND_ATTEMPTS = 10;

/**
 * The job "payments.reschedule_refund": asks for the refund unless done. A failure (or a claim
 * still held, by a running attempt or a stopped process) throws, so the queue tries again later;
 * after the last attempt the refund is left to staff, listed on the back office home.
 */
export async function retryRescheduleRefund(db: DB, rescheduleId: string, isFinalAttempt: boolean): Promise<void> {
  const outcome = await refundRescheduleDifference(db, rescheduleId);
  if (outcome === "failed" || outcome === "in_progress") {
    if (isFinalAttempt) {
      await markRescheduleRefundManual(db, rescheduleId);
      logger.error({ rescheduleId }, "reschedule refund given up after the last attempt: staff must refund by hand");
      return;
    }
    throw new Error(`reschedule refund ${rescheduleId} not done (${outcome}); tried again later`);
  }
}

/**
 * Gives back the difference of a move to a cheaper time, through the provider of the payment,
 * once: only the caller that moves the row from pending (or failed) to refunding asks the
 * provider, with a key of this reschedule's own, so a retry after a crash is answered with the
 * same refund. Safe to call again at any time (staff's retry, a job).
 */
export async function refundRescheduleDifference(db: DB, rescheduleId: string): Promise<"refunded" | "failed" | "manual" | "in_progress" | "none"> {
  const row = await findRescheduleRefund(db, rescheduleId);
  if (!row || row.refundCents === 0) return "none";
  if (row.status === "refunded") return "refunded";
  if (!(await claimRescheduleRefund(db, rescheduleId))) return "in_progress";
  const payment = await findPaymentForRefund(db, row.paymentId);
  const provider = getPaymentProvider();
  if (!payment?.providerRef || payment.provider !== provider.name || payment.status !== "captured") {
    await settleRescheduleRefund(db, rescheduleId, "manual");
    logger.warn({ rescheduleId, paymentId: row.paymentId }, "reschedule refund must be made by hand");
    return "manual";
  }
  try {
    await provider.refund({ providerRef: payment.providerRef, amountCents: row.refundCents, paymentId: payment.id, idempotencyKey: `reschedule-refund-${rescheduleId}` });
  } catch (error) {
    logger.error({ err: error, rescheduleId }, "reschedule refund failed at the payment provider");
    await settleRescheduleRefund(db, rescheduleId, "failed");
    return "failed";
  }
  await db.transaction().execute(async (trx) => {
    await addRefundedCents(trx, payment.id, row.refundCents);
    await settleRescheduleRefund(trx, rescheduleId, "refunded");
  });
  return "refunded";
}

// ---------------------------------------------------------------- e-mails

async function sendRescheduleEmails(
  trx: Executor,
  order: OrderToReschedule,
  input: {
    booking: NonNullable<Awaited<ReturnType<typeof getBookingDocument>>>;
    interval: BookingInterval;
    plan: Extract<RescheduleMoneyPlan, { ok: true }>;
    newInvoice: boolean;
    caregiverId: string | null;
  },
) {
  const { booking, interval, plan } = input;
  const contact = await getContactInfo(trx);
  const emails = rescheduleEmails(order, {
    customerName: order.customer.fullName,
    old: order,
    next: interval,
    caregiverName: booking.caregiverName,
    money: { paymentMethod: order.paymentMethod, ...plan },
    contact,
    manageUrl: await issueManageLink(trx, order.id),
    // An account holder also gets the order in the portal; a guest, whose only way in is the link, does not.
    orderUrl: booking.customer.hasPassword && !booking.customer.guestOnAccount ? new URL(orderPath(order.orderNumber), env().APP_URL).toString() : null,
  });
  const attachments: EmailAttachment[] = [
    icsAttachment(`varaus-${order.orderNumber}.ics`, bookingIcs(booking)),
  ];
  if (input.newInvoice && booking.invoice) {
    attachments.push(invoiceAttachment(booking.invoice.invoiceNumber, order.id));
  }
  await sendEmail(trx, { to: order.customer.email, subject: emails.customer.subject, attachments, ...renderEmail(emails.customer.content) });

  const before = order.caregiver;
  if (before && before.id === input.caregiverId) {
    const email = emails.sameCaregiver(before.fullName);
    // The booking as read after the move: its new time and version.
    const ics = caregiverVisitIcs(booking, {
      summary: `Arkikaveri: ${order.serviceName}`,
      location: `${booking.order.address}, ${booking.order.postalCode} ${booking.order.city}`,
    });
    await sendEmail(trx, {
      to: before.email,
      subject: email.subject,
      attachments: [icsAttachment(`kaynti-${order.orderNumber}.ics`, ics)],
      ...renderEmail(email.content),
    });
    return;
  }
  if (before) {
    const email = emails.removedCaregiver(before.fullName);
    await sendEmail(trx, { to: before.email, subject: email.subject, ...renderEmail(email.content) });
  }
  if (input.caregiverId) await notifyAssignedCaregiver(trx, order.id, booking);
}
