import { getDb, type DB } from "~/db.server";
import { formatStartHour } from "~/domain/booking-window";
import { seriesChoiceParams } from "~/domain/series-request";
import type { SeriesTemplate } from "~/models/order-series.server";
import { updateOwnPhone, upsertCustomer } from "~/models/orders.server";
import { findCustomerIdOfUser } from "~/models/users.server";
import { now as clockNow } from "~/services/clock.server";
import { bookSeriesFromPreview, seriesPreviewLoader, type SeriesOrigin } from "~/portal/series-booking.server";
import { readDraft, stepHref, type BookingDraft } from "./draft";
import { VARAA_KAVERI_FLOW, type BookingFlow } from "./flows";
import { orderVisitFields, recordSmsConsent, rememberVisitRecipient } from "./place-order.server";
import { PAYMENT_PARAM, REPEAT_FIELDS } from "./repeat-choice";
import { bookingParties, requireSummary } from "./summary-step.server";
import { forgetVisitDetails, markVisitDetailsPlaced } from "./visit-draft.server";

// /varaa-kaveri/toista (issue 27 item 4; docs/decisions/0042): the signed-in wizard's visit booked
// every week or every other week. The summary step sent "Joka viikko" / "Joka toinen viikko" here
// instead of placing one order; this page is the "Toista viikoittain" preview (its rendering and
// its all-or-nothing booking, app/portal/series-booking.server.ts) with a template made of the
// draft exactly as placeOrder would book the one visit: the service, the chosen helper, the date
// and hour, the length, the visit's place, recipient, phones, e-mail and notes. The draft is read
// again and checked by the summary step's own rule on every GET and POST, so nothing the address
// says is taken on trust.

type Summary = Awaited<ReturnType<typeof requireSummary>>;

type Parties = Awaited<ReturnType<typeof bookingParties>>;

/** The series template of the wizard's draft, for the signed-in customer's customers row. */
export function draftSeriesTemplate(summary: Summary, parties: Parties, customerId: string, paymentMethod: "online" | "invoice"): SeriesTemplate {
  const { user, time, caregiver } = summary;
  const fields = orderVisitFields(parties.visit, parties.payer.phone);
  return {
    customerId,
    customerProfileId: user.id,
    serviceCategoryId: time.selection.serviceId,
    serviceName: time.service.name,
    caregiverId: caregiver?.id ?? null,
    caregiverName: caregiver?.fullName ?? null,
    startsAt: time.interval.startsAt,
    durationHours: time.selection.durationHours,
    place: fields.place,
    bookingFor: fields.bookingFor,
    recipient: fields.recipient,
    contactPhone: fields.contactPhone,
    recipientEmail: fields.recipientEmail,
    smsPhone: fields.smsPhone,
    description: fields.description,
    specialNotes: fields.specialNotes,
    paymentMethod,
  };
}

function summaryHref(flow: BookingFlow, draft: BookingDraft, sent: URLSearchParams): string {
  // Back to the summary with the repeat fields as they were, to be changed and sent again.
  const href = new URL(stepHref(flow, "summary", draft), "http://localhost");
  for (const name of REPEAT_FIELDS) {
    const value = sent.get(name);
    if (value) href.searchParams.set(name, value);
  }
  return `${href.pathname}${href.search}`;
}

async function wizardOrigin(db: DB, request: Request, flow: BookingFlow, customerId: string | null): Promise<SeriesOrigin> {
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const summary = await requireSummary(db, request, flow, draft, clockNow());
  const payment = url.searchParams.get(PAYMENT_PARAM) === "online" ? "online" : "invoice";
  const parties = await bookingParties(db, summary.user, summary.visit);
  // A GET changes nothing, and the preview reads no customer: the booking POST makes sure the row exists.
  const template = draftSeriesTemplate(summary, parties, customerId ?? (await findCustomerIdOfUser(db, summary.user.id)) ?? "", payment);
  const first = { date: summary.time.selection.date, hour: formatStartHour(summary.time.selection.startHour) };
  return {
    userId: summary.user.id,
    template,
    orderNumber: null,
    paymentMethod: payment,
    changeHref: (choice) => summaryHref(flow, draft, seriesChoiceParams(choice)),
    settingsHref: (sent) => summaryHref(flow, draft, sent),
    // The series starts on the draft's own date and hour: a choice naming another goes back to the summary.
    matches: (choice) => choice.firstDate === first.date && formatStartHour(choice.startHour) === first.hour,
    alsoInTransaction: async (trx) => {
      // What placeOrder records with one order, in the series' own transaction: the text-reminder
      // consent, the recipient for "Aiemmat saajat", and "Tallenna osoite omaksi osoitteekseni" for oneself (never for a recipient's
      // address). A series booked always has them; one refused or rolled back writes neither.
      await recordSmsConsent(trx, parties.visit, summary.user.id, clockNow());
      await rememberVisitRecipient(trx, summary.user.id, parties.visit);
      if (summary.visit.saveToAccount && !summary.visit.recipient) {
        await updateOwnPhone(trx, summary.user.id, parties.payer.phone);
        await upsertCustomer(trx, { profileId: summary.user.id, address: parties.payer.address, postalCode: parties.payer.postalCode, city: parties.payer.city, overwriteAddress: true });
      }
    },
    afterBooked: async (headers, booked) => {
      if (booked.paymentMethod === "online") {
        // As for one online order: the details stay until the first visit is paid (events.server.ts).
        await markVisitDetailsPlaced(db, request, summary.user.id, booked.orderIds[0]!);
        return;
      }
      const forget = await forgetVisitDetails(db, request);
      if (forget) headers.append("Set-Cookie", forget);
    },
  };
}

// The flow is named here, not by the route: the page's browser bundle then carries no flow table.
export async function seriesStepLoader(request: Request, flow: BookingFlow = VARAA_KAVERI_FLOW) {
  const db = await getDb();
  return seriesPreviewLoader(request, await wizardOrigin(db, request, flow, null));
}

export async function seriesStepAction(request: Request, flow: BookingFlow = VARAA_KAVERI_FLOW) {
  const db = await getDb();
  const url = new URL(request.url);
  const summary = await requireSummary(db, request, flow, readDraft(url.searchParams), clockNow());
  // Every customer account has its row from sign-up; one made otherwise gets it as placeOrder
  // would make it ("keep": an existing row is never changed by a booking).
  const parties = await bookingParties(db, summary.user, summary.visit);
  const customerId = await upsertCustomer(db, {
    profileId: summary.user.id,
    address: parties.payer.address,
    postalCode: parties.payer.postalCode,
    city: parties.payer.city,
    overwriteAddress: "keep",
  });
  return bookSeriesFromPreview(request, await wizardOrigin(db, request, flow, customerId), await request.formData());
}
