import type { ZodType } from "zod";
import { bookingMessages } from "~/messages/booking";
import { VISIT_FIELD_MESSAGES } from "~/messages/booking-wording";
import { finnishMobileE164 } from "~/domain/sms";
import { recipientEmailField, recipientFields, repeatedRecipientMissing, smsReminderMessage } from "~/schemas/booking";
import { completeVisitSchema, visitDetailsSchema, visitSchema, type CompleteVisit, type VisitFields } from "~/schemas/booking-visit";
import { type Infer, z } from "~/schemas/zod";
import type { BookingFlow } from "./flows";
import type { VisitErrors, VisitFieldName, VisitValues } from "./visit-fields";

// The visit's typed fields checked with the flow's schema and wording, each field's first message
// kept for the form. In the signed-in wizards the visit is the customer's own or another
// person's: then the recipient's six fields are checked with the public contact step's rules and
// messages (one field kit, issue 26 item 1), and the visit's place is the recipient's.

type Check<T> = { ok: true; value: T } | { ok: false; errors: VisitErrors };

function check<S extends ZodType>(schema: S, values: Partial<VisitValues>): Check<Infer<S>> {
  // An empty field is a missing one (as Conform sends it), so it gets the field's 'missing' message.
  const input = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: VisitErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as VisitFieldName;
    errors[name] ??= issue.message;
  }
  for (const name of repeatedRecipientMissing(errors)) delete errors[name];
  return { ok: false, errors };
}

const BOOKING_FOR_ERROR: VisitErrors = { bookingFor: bookingMessages.bookingFor };

/** Whom the visit is for, as the signed-in wizards' time step asks it; null when not one of the two. */
function bookingForOf(values: VisitValues): "self" | "other" | null {
  return values.bookingFor === "self" || values.bookingFor === "other" ? values.bookingFor : null;
}

function otherPersonSchema(flow: BookingFlow, description: boolean) {
  const descriptionFields = description ? visitDetailsSchema(VISIT_FIELD_MESSAGES[flow.wording]).shape : {};
  return z.object({ ...recipientFields, recipientEmail: recipientEmailField, ...descriptionFields });
}

/**
 * "Muistutus tekstiviestinä" (decision 0031): the mobile number (E.164) the text goes to, the
 * recipient's or the customer's own; an error on the box when it is ticked without one.
 */
function checkSmsReminder(values: VisitValues, bookingFor: "self" | "other"): Check<string | null> {
  if (values.smsReminder !== "on") return { ok: true, value: null };
  const phone = finnishMobileE164(bookingFor === "other" ? values.recipientPhone : values.phone);
  return phone ? { ok: true, value: phone } : { ok: false, errors: { smsReminder: smsReminderMessage(bookingFor) } };
}

/** Two checks' errors together, each field's first message kept. */
function withSmsCheck<T>(fields: Check<T>, sms: Check<string | null>): Check<T> {
  if (sms.ok) return fields;
  return { ok: false, errors: { ...(fields.ok ? {} : fields.errors), ...sms.errors } };
}

/** The fields a flow's time step asks, checked. */
export function checkTimeStepFields(flow: BookingFlow, values: VisitValues): Check<unknown> {
  const asks: VisitFields = { address: flow.timeStepAsks.address, description: flow.timeStepAsks.description };
  if (!flow.signedIn) return check(visitSchema(VISIT_FIELD_MESSAGES[flow.wording], asks), values);
  const bookingFor = bookingForOf(values);
  if (bookingFor === null) return { ok: false, errors: BOOKING_FOR_ERROR };
  if (bookingFor === "other") return withSmsCheck(check(otherPersonSchema(flow, asks.description), values), checkSmsReminder(values, bookingFor));
  return withSmsCheck(check(visitSchema(VISIT_FIELD_MESSAGES[flow.wording], asks), values), checkSmsReminder(values, bookingFor));
}

/** The portal wizard's description step, checked. */
export function checkDetailsFields(flow: BookingFlow, values: VisitValues) {
  return check(visitDetailsSchema(VISIT_FIELD_MESSAGES[flow.wording]), { description: values.description, specialNotes: values.specialNotes });
}

/** A signed-in booking's visit: where the helper goes, whom they meet, and whether the account keeps the address. */
export interface SignedInVisit extends CompleteVisit {
  /** The person the service is for, when not the customer (DESIGN.md decision 14). */
  recipient: { firstName: string; lastName: string; phone: string } | null;
  /** "Tallenna osoite omaksi osoitteekseni", for oneself only. */
  saveToAccount: boolean;
  /** The recipient's own e-mail for their reminder, when given. */
  recipientEmail: string | null;
  /** "Muistutus tekstiviestinä": the mobile number (E.164) it goes to, or null. */
  smsPhone: string | null;
}

/** Everything a signed-in booking needs to know of its visit before the helper step. */
export function checkCompleteVisit(flow: BookingFlow, values: VisitValues): Check<SignedInVisit> {
  const bookingFor = bookingForOf(values);
  if (bookingFor === null) return { ok: false, errors: BOOKING_FOR_ERROR };
  const sms = checkSmsReminder(values, bookingFor);
  if (bookingFor === "self") {
    const own = withSmsCheck(check(completeVisitSchema(VISIT_FIELD_MESSAGES[flow.wording]), values), sms);
    if (!own.ok || !sms.ok) return own.ok ? { ok: false, errors: {} } : own;
    return { ok: true, value: { ...own.value, recipient: null, saveToAccount: values.saveAddress === "on", recipientEmail: null, smsPhone: sms.value } };
  }
  const other = withSmsCheck(check(otherPersonSchema(flow, true), values), sms);
  if (!other.ok || !sms.ok) return other.ok ? { ok: false, errors: {} } : other;
  const r = other.value as Infer<ReturnType<typeof otherPersonSchema>> & { description: string; specialNotes?: string };
  return {
    ok: true,
    value: {
      address: r.recipientAddress,
      postalCode: r.recipientPostalCode,
      city: r.recipientCity,
      phone: r.recipientPhone,
      description: r.description,
      specialNotes: r.specialNotes,
      recipient: { firstName: r.recipientFirstName, lastName: r.recipientLastName, phone: r.recipientPhone },
      saveToAccount: false,
      recipientEmail: r.recipientEmail ?? null,
      smsPhone: sms.value,
    },
  };
}
