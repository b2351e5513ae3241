import { data, redirect } from "@remix-run/node";
import { getDb, type DB } from "~/db.server";
import { findBookableCaregiver } from "~/models/caregivers.server";
import { findSavedRecipient } from "~/models/saved-recipients.server";
import { listActiveServiceCategories } from "~/models/service-categories.server";
import { getPriceBands } from "~/models/settings.server";
import { DRAFT_PARAM, PICK_PARAM, UUID, applyTimeStepSubmission, readDraft, readNotice, stepHref, type BookingDraft } from "./draft";
import { nextStep, type BookingFlow } from "./flows";
import {
  anchorAfterPick,
  noticeMessage,
  proceedFromTimeStep,
  requirePlace,
  requireTimeStep,
  requireVisit,
  summarize,
  visitValues,
} from "./steps.server";
import { keepVisitDetails, requireBookingCustomer, visitDetailsOf } from "./visit-draft.server";
import { checkDetailsFields } from "./visit-checks.server";
import { EMPTY_VISIT, SAVED_RECIPIENT_PARAM, VISIT_FIELD_NAMES, type VisitValues } from "./visit-fields";
import type { DetailsStepView, ServiceStepView, TimeStepActionData } from "./views";
import { now as clockNow } from "~/services/clock.server";

// The steps only the signed-in wizards have (spec 000 §2 "Four-step wizard", 001 §2 orders/new):
// the service cards on their own first step, the time step's post (it carries the visit's street
// address, phone, description and note, which wait in the visit draft and never in the address),
// and the portal wizard's description step.

/** A form's text fields as URL parameters, for the draft's own readers. */
function formParams(formData: FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") params.append(name, value);
  return params;
}

/** The visit's values a step's form sent, over what the customer typed before. */
function sentValues(draft: BookingDraft, known: VisitValues, formData: FormData): VisitValues {
  const values = { ...known };
  for (const name of VISIT_FIELD_NAMES) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  // An unticked box sends nothing; the form that asks whom the visit is for also asks it.
  if (formData.has("bookingFor")) {
    values.saveAddress = formData.get("saveAddress") === "on" ? "on" : "";
    values.smsReminder = formData.get("smsReminder") === "on" ? "on" : "";
  }
  return visitValues(draft, values);
}

/**
 * "Aiemmat saajat": a tap on a saved recipient fills in the recipient's fields (as if typed, so
 * they can still be changed) and chooses "Toiselle henkilölle". Only the customer's own are found.
 */
async function withSavedRecipient(db: DB, userId: string, formData: FormData): Promise<boolean> {
  const id = formData.get(SAVED_RECIPIENT_PARAM);
  if (typeof id !== "string" || !UUID.test(id)) return false;
  const saved = await findSavedRecipient(db, userId, id);
  if (!saved) return false;
  formData.set("bookingFor", "other");
  formData.set("recipientFirstName", saved.firstName);
  formData.set("recipientLastName", saved.lastName);
  formData.set("recipientPhone", saved.phone);
  formData.set("recipientAddress", saved.address);
  formData.set("recipientPostalCode", saved.postalCode);
  formData.set("recipientCity", saved.city);
  return true;
}

/** For another person the visit's place, which the helper step matches, is the recipient's. */
function visitPlaceParams(formData: FormData): URLSearchParams {
  const params = formParams(formData);
  if (formData.get("bookingFor") === "other") {
    params.set(DRAFT_PARAM.postalCode, String(formData.get("recipientPostalCode") ?? ""));
    params.set(DRAFT_PARAM.city, String(formData.get("recipientCity") ?? ""));
  }
  return params;
}

// ---------------------------------------------------------------- step 1: the service

/**
 * The service cards (spec 000 §5: 'Valitse palvelu jatkaaksesi.'). A GET form; 'Jatka' goes on
 * to the time step with the service, and with the helper the address may name (the same helper
 * again, from the customer's orders).
 */
export async function serviceStepLoader(request: Request, flow: BookingFlow) {
  await requireBookingCustomer(request);
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const db = await getDb();
  const [services, bands] = await Promise.all([listActiveServiceCategories(db), getPriceBands(db)]);
  const selectedService = draft.service && services.some((service) => service.id === draft.service) ? draft.service : null;
  if (url.searchParams.has(PICK_PARAM.proceed)) {
    if (selectedService) throw redirect(stepHref(flow, nextStep(flow, "service")!, draft));
    throw redirect(stepHref(flow, "service", { ...draft, service: null }, { notice: "service_missing" }));
  }
  // Only a helper who may be booked at all is named; whether they are free is the helper step's to say.
  const named = draft.caregiver && UUID.test(draft.caregiver) ? draft.caregiver : null;
  const caregiver = named ? await findBookableCaregiver(db, named) : null;
  const view: ServiceStepView = {
    flow,
    draft,
    notice: noticeMessage(flow, readNotice(url.searchParams)),
    services,
    selectedService,
    bands,
    caregiverName: caregiver?.fullName ?? null,
  };
  return view;
}

// ---------------------------------------------------------------- step 2: time and place, posted

/**
 * The signed-in time step's post: a pick (day, hour, duration, month) is applied and answered
 * with a redirect to the draft's clean address, like the public GET form; 'Jatka' checks the time
 * and the visit's fields with the flow's messages. Whatever was typed is kept in the visit draft
 * either way, so a pick never loses it.
 */
export async function timeStepAction(request: Request, flow: BookingFlow) {
  const user = await requireBookingCustomer(request);
  const now = clockNow();
  const formData = await request.formData();
  const db = await getDb();
  const pickedRecipient = await withSavedRecipient(db, user.id, formData);
  const params = visitPlaceParams(formData);
  const submission = applyTimeStepSubmission(params, now);
  const { draft } = submission;
  const known = await visitDetailsOf(db, request, user.id);
  const values = sentValues(draft, { ...EMPTY_VISIT, ...known.details }, formData);
  const headers = { "Set-Cookie": await keepVisitDetails(db, request, user.id, formData) };
  const answer = (fieldErrors: TimeStepActionData["fieldErrors"]) =>
    data<TimeStepActionData>(
      { values, fieldErrors, manualDuration: submission.manualDuration, durationError: submission.durationError },
      { status: 400, headers },
    );

  if (submission.durationError) return answer({});
  if (!submission.proceed) {
    const anchor = pickedRecipient ? "#paikka" : anchorAfterPick(flow, params);
    throw redirect(stepHref(flow, "time", draft, { month: submission.month }) + anchor, { headers });
  }
  const services = await listActiveServiceCategories(db);
  const outcome = proceedFromTimeStep(flow, draft, values, {
    now,
    serviceIds: new Set(services.map((service) => service.id)),
    month: submission.month,
  });
  if ("errors" in outcome) return answer(outcome.errors);
  outcome.redirect.headers.append("Set-Cookie", headers["Set-Cookie"]);
  throw outcome.redirect;
}

// ---------------------------------------------------------------- the portal wizard's step 3: description

async function requireDetailsStep(request: Request, flow: BookingFlow, draft: BookingDraft) {
  const user = await requireBookingCustomer(request);
  const db = await getDb();
  const time = await requireTimeStep(db, flow, draft, clockNow());
  const place = requirePlace(flow, draft);
  await requireVisit(db, request, flow, draft, user, "address");
  return { user, db, time, place };
}

/** Description (at least 10 characters) and the note for the helper (001 §2 orders/new step 3). */
export async function detailsStepLoader(request: Request, flow: BookingFlow) {
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  const { user, db, time, place } = await requireDetailsStep(request, flow, draft);
  const values = visitValues(draft, (await visitDetailsOf(db, request, user.id)).details);
  const notice = readNotice(url.searchParams);
  const check = notice === "details_missing" ? checkDetailsFields(flow, values) : null;
  const view: DetailsStepView = {
    flow,
    draft,
    notice: noticeMessage(flow, notice),
    summary: summarize(time, null, place),
    values,
    fieldErrors: check && !check.ok ? check.errors : {},
  };
  return view;
}

export async function detailsStepAction(request: Request, flow: BookingFlow) {
  const formData = await request.formData();
  const draft = readDraft(formParams(formData));
  const { user, db, time, place } = await requireDetailsStep(request, flow, draft);
  const values = sentValues(draft, { ...EMPTY_VISIT, ...(await visitDetailsOf(db, request, user.id)).details }, formData);
  const headers = { "Set-Cookie": await keepVisitDetails(db, request, user.id, formData) };
  const check = checkDetailsFields(flow, values);
  if (check.ok) throw redirect(stepHref(flow, nextStep(flow, "details")!, draft), { headers });
  const view: DetailsStepView = { flow, draft, notice: null, summary: summarize(time, null, place), values, fieldErrors: check.errors };
  return data(view, { status: 400, headers });
}
