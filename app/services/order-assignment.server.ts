import type { DB, Executor } from "../db.server";
import { buildBookingIcs } from "../domain/ics";
import { formatHours, formatTimeRange, formatWeekdayDate } from "../domain/format";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { lockCaregiverForAssignment, lockOrderForChange, setOrderCaregiver } from "../models/backoffice-orders.server";
import { getBookingDocument, type BookingDocument } from "../models/booking-documents.server";
import { findCaregiverContact, findCaregiverContactOfOrder } from "../models/caregivers.server";
import { isCaregiverOverlapError } from "../models/orders.server";
import { getContactInfo } from "../models/settings.server";
import { renderEmail, sendEmail, type EmailAttachment } from "./email.server";

// Staff assign or clear the helper of an order (spec 001 §4 "Staff can also assign or clear the
// helper"; issue 14; DESIGN.md decisions 5, 17, 19). Only an approved helper (never a suspended,
// pending or rejected one) can be assigned; whether they are free is decided by the exclusion
// constraint `orders_no_caregiver_overlap`, not by a check before the write. The change, its
// audit line and the e-mails (the new helper gets the visit's details and a link to their
// bookings, a helper taken off the order is told so, the customer learns who is coming) commit
// together or not at all.

export const CAREGIVER_BOOKINGS_PATH = "/portal/caregiver-bookings";

export type AssignmentRefusal =
  | "order_not_found"
  /** Cancelled or completed: nothing left to staff. */
  | "order_closed"
  /** Not approved (pending, rejected or suspended) or no such helper. */
  | "caregiver_not_assignable"
  /** Another live order of the helper overlaps this one (the database refused). */
  | "caregiver_busy";

export type AssignmentOutcome =
  | { ok: true; changed: boolean; orderNumber: string; caregiverName: string | null }
  | { ok: false; reason: AssignmentRefusal; orderNumber?: string };

class AssignmentRefused extends Error {
  constructor(readonly reason: AssignmentRefusal) {
    super(reason);
    this.name = "AssignmentRefused";
  }
}

/** Assigns `caregiverId` to the order, or clears its helper when null. */
export async function assignCaregiver(
  db: DB,
  actor: AuditActor,
  input: { orderId: string; caregiverId: string | null },
): Promise<AssignmentOutcome> {
  let orderNumber: string | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await lockOrderForChange(trx, input.orderId);
      if (!order) throw new AssignmentRefused("order_not_found");
      orderNumber = order.orderNumber;
      if (order.caregiverId === input.caregiverId) {
        return { ok: true, changed: false, orderNumber: order.orderNumber, caregiverName: order.caregiverName } as const;
      }
      if (order.status === "cancelled" || order.status === "completed") throw new AssignmentRefused("order_closed");

      let caregiverName: string | null = null;
      if (input.caregiverId) {
        const caregiver = await lockCaregiverForAssignment(trx, input.caregiverId);
        if (!caregiver || caregiver.status !== "approved") throw new AssignmentRefused("caregiver_not_assignable");
        caregiverName = caregiver.fullName;
      }
      await setOrderCaregiver(trx, order.id, input.caregiverId);
      await writeAudit(trx, actor, {
        action: "order.assign",
        entityType: "order",
        entityId: order.id,
        before: { caregiverId: order.caregiverId, caregiver: order.caregiverName },
        after: { caregiverId: input.caregiverId, caregiver: caregiverName },
      });

      const booking = await getBookingDocument(trx, order.id);
      if (!booking) throw new Error(`assignCaregiver: order ${order.id} vanished inside its transaction`);
      if (input.caregiverId) {
        await enqueueCaregiverAssignmentEmail(trx, order.id);
        await enqueueCustomerCaregiverEmail(trx, booking, caregiverName ?? "");
      }
      if (order.caregiverId) await enqueueCaregiverRemovedEmail(trx, { booking, caregiverId: order.caregiverId });
      return { ok: true, changed: true, orderNumber: order.orderNumber, caregiverName } as const;
    });
  } catch (error) {
    if (error instanceof AssignmentRefused) return { ok: false, reason: error.reason, orderNumber };
    if (isCaregiverOverlapError(error)) {
      logger.info({ orderId: input.orderId, caregiverId: input.caregiverId }, "assignment refused: helper already booked at that time");
      return { ok: false, reason: "caregiver_busy", orderNumber };
    }
    throw error;
  }
}

// ---------------------------------------------------------------- e-mails

function visitPhone(booking: BookingDocument): string | null {
  return booking.order.bookingFor === "other" ? booking.order.recipientPhone : booking.customer.phone;
}

function visitPerson(booking: BookingDocument): string {
  const recipient = [booking.order.recipientFirstName, booking.order.recipientLastName].filter(Boolean).join(" ");
  return booking.order.bookingFor === "other" && recipient ? recipient : booking.customer.fullName || "Ei nimeä";
}

/**
 * The e-mail that tells the order's helper they have a new order: service, time, address, whom
 * to meet and the phone number of the visit, the customer's notes, a calendar file and a link to
 * their own bookings, where they accept it. Queued in the caller's transaction, after the order
 * has its helper. The booking flow sends the same e-mail when a customer picks the helper.
 */
export async function enqueueCaregiverAssignmentEmail(trx: Executor, orderId: string): Promise<void> {
  const booking = await getBookingDocument(trx, orderId);
  if (!booking) throw new Error(`enqueueCaregiverAssignmentEmail: order ${orderId} does not exist`);
  const caregiver = await findCaregiverContactOfOrder(trx, orderId);
  if (!caregiver) throw new Error(`enqueueCaregiverAssignmentEmail: order ${orderId} has no helper`);
  const contact = await getContactInfo(trx);
  const { order } = booking;
  const phone = visitPhone(booking);
  const details = [
    `Tilausnumero: ${order.orderNumber}`,
    `Palvelu: ${booking.serviceName}`,
    `Päivä: ${formatWeekdayDate(order.startsAt)}`,
    `Aika: ${formatTimeRange(order.startsAt, order.endsAt)} (${formatHours(order.durationHours)})`,
    `Osoite: ${order.address}, ${order.postalCode} ${order.city}`,
    `${order.bookingFor === "other" ? "Palvelun saaja" : "Asiakas"}: ${visitPerson(booking)}`,
    `Puhelin: ${phone ?? "Ei puhelinta"}`,
  ];
  if (order.description) details.push(`Kuvaus: ${order.description}`);
  if (order.specialNotes) details.push(`Lisätietoja kaverille: ${order.specialNotes}`);

  const attachments: EmailAttachment[] = [
    {
      filename: `kaynti-${order.orderNumber}.ics`,
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      content: Buffer.from(
        buildBookingIcs({
          uid: `${order.id}-kaveri@${new URL(env().APP_URL).hostname}`,
          createdAt: new Date(),
          startsAt: order.startsAt,
          endsAt: order.endsAt,
          summary: `Arkikaveri: ${booking.serviceName}, ${visitPerson(booking)}`,
          location: `${order.address}, ${order.postalCode} ${order.city}`,
          description: `Tilaus ${order.orderNumber}. Puhelin: ${phone ?? "ei puhelinta"}.`,
        }),
        "utf8",
      ).toString("base64"),
    },
  ];

  await sendEmail(trx, {
    to: caregiver.email,
    subject: `Uusi tilaus: ${booking.serviceName} ${formatWeekdayDate(order.startsAt)} – Arkikaveri`,
    attachments,
    ...renderEmail({
      heading: "Sinulle on uusi tilaus",
      paragraphs: [
        caregiver.fullName ? `Hei ${caregiver.fullName},` : "Hei,",
        "sinut on valittu kaveriksi tähän käyntiin. Tässä sen tiedot:",
        details.join("\n"),
        "Hyväksy tilaus Omat varaukset -sivulla mahdollisimman pian, niin asiakas tietää sinun tulevan. Jos et pääse, hylkää tilaus samalla sivulla, niin etsimme tilalle toisen kaverin.",
        `Kalenterimerkintä on liitteenä (kaynti-${order.orderNumber}.ics).`,
      ],
      button: { label: "Avaa omat varaukset", url: new URL(CAREGIVER_BOOKINGS_PATH, env().APP_URL).toString() },
      afterButton: [`Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}. Kerro tilausnumero ${order.orderNumber}.`],
    }),
  });
}

/** A helper taken off an order must know not to go. */
async function enqueueCaregiverRemovedEmail(trx: Executor, input: { booking: BookingDocument; caregiverId: string }): Promise<void> {
  const caregiver = await findCaregiverContact(trx, input.caregiverId);
  if (!caregiver) return;
  const { order } = input.booking;
  const contact = await getContactInfo(trx);
  await sendEmail(trx, {
    to: caregiver.email,
    subject: `Tilaus ${order.orderNumber} ei ole enää sinulla – Arkikaveri`,
    ...renderEmail({
      heading: "Tilaus on siirretty",
      paragraphs: [
        caregiver.fullName ? `Hei ${caregiver.fullName},` : "Hei,",
        `tilaus ${order.orderNumber} (${input.booking.serviceName}, ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}, ${order.city}) ei ole enää sinulla. Sinun ei tarvitse mennä tälle käynnille.`,
        `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`,
      ],
    }),
  });
}

/** The customer learns who is coming (an 'Ei väliä' order gets its helper, or the helper changes). */
async function enqueueCustomerCaregiverEmail(trx: Executor, booking: BookingDocument, caregiverName: string): Promise<void> {
  const { order } = booking;
  const contact = await getContactInfo(trx);
  await sendEmail(trx, {
    to: booking.customer.email,
    subject: `Kaverisi tilaukseen ${order.orderNumber} – Arkikaveri`,
    ...renderEmail({
      heading: "Kaverisi on valittu",
      paragraphs: [
        booking.customer.fullName ? `Hei ${booking.customer.fullName},` : "Hei,",
        `tilauksesi ${order.orderNumber} (${booking.serviceName}, ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}) kaveriksi tulee ${caregiverName}.`,
        "Kaverisi on sinuun yhteydessä ennen käyntiä.",
        `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}. Kerro tilausnumero ${order.orderNumber}.`,
      ],
    }),
  });
}
