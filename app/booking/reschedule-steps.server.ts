import { data, redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { access } from "~/auth/access";
import { requireStaffActor } from "~/backoffice/staff.server";
import { getDb, type DB } from "~/db.server";
import { formatDateTime, formatEuros, formatTimeRange, formatWeekdayDate, helsinkiDateString } from "~/domain/format";
import { rescheduleDeadline, rescheduleRefusal, type RescheduleActor } from "~/domain/reschedule";
import { reschedulePriceChangedMessage } from "~/messages/price-change";
import { RESCHEDULE_REFUSALS, RESCHEDULE_TEXTS, caregiverNotFreeNotice, rescheduleMoneyLines, type RescheduleRefusalReason } from "~/messages/reschedule";
import { listOfferedCaregivers, type OfferedCaregiver, type VisitWindow } from "~/models/caregivers.server";
import { anyoneCanDoVisit } from "~/models/matching.server";
import { findOrderToReschedule, type OrderToReschedule } from "~/models/order-reschedule.server";
import { requireManagedOrder } from "~/manage/manage-page.server";
import { requireCustomerOrder } from "~/portal/customer-order.server";
import { managePath } from "~/services/manage-links.server";
import { now } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { currentCaregiverFree, previewReschedule, rescheduleOrder, type RescheduleActorInput } from "~/services/order-reschedule.server";
import { ANY_CAREGIVER, PICK_PARAM, UUID, readDraft, readNotice, stepHref, type BookingDraft } from "./draft";
import type { BookingFlow } from "./flows";
import { nearestServableTimes } from "./nobody-available.server";
import { noticeMessage, requireCaregiverChoice, requireTimeStep, summarize, timeStepLoader, type ValidTimeStep } from "./steps.server";
import type { CaregiverStepView, RescheduleConfirmView } from "./views";

export type { RescheduleConfirmView };

// "Muuta aikaa" (DESIGN.md decision 23, docs/decisions/0020) through the one booking engine: the
// same time step (calendar, hours, duration, live price) and helper step as a booking, in a flow
// of three steps whose service and place are the order's own. The customer's pages are under
// /portal/orders/<n>/muuta-aika, staff's under /backoffice/orders/<n>/muuta-aika, and the holder
// of a "Hallitse varausta" link's under /hallitse/<token>/muuta-aika (issue 28 item 3: the
// customer's own rules, without signing in; docs/decisions/0036). Each checks on every step who
// may move this order until when (app/domain/reschedule.ts), and the service checks it again on
// the locked row. The last step shows the new price and what happens with the money before its
// POST moves anything.

/** Where the move is made: the portal, the back office, or a manage link (the customer's rules). */
export type RescheduleSide = RescheduleActor | "manage";

/** Whose rule a side follows: the link's holder moves the visit as its customer would. */
function ruleActor(side: RescheduleSide): RescheduleActor {
  return side === "staff" ? "staff" : "customer";
}

/** The order's visit sequence as the confirm form carries it: a second, stale confirmation is refused. */
export const VERSION_FIELD = "versio";
/** The new total in cents the confirm page showed: a move whose price changed meanwhile is refused (issue 30). */
export const SHOWN_TOTAL_FIELD = "hinta";

/** The page of the order the move starts from and returns to; `key` is the order number, or the manage link's token. */
function orderPagePath(side: RescheduleSide, key: string): string {
  const encoded = encodeURIComponent(key);
  if (side === "manage") return managePath(key);
  return side === "customer" ? `/portal/orders/${encoded}` : `/backoffice/orders/${encoded}`;
}

/** The steps of moving one order; its addresses carry the order number (or the manage link's token). */
function rescheduleFlow(side: RescheduleSide, key: string): BookingFlow {
  const base = `${orderPagePath(side, key)}/muuta-aika`;
  return {
    id: "muuta-aika",
    steps: ["time", "caregiver", "summary"],
    paths: { time: base, caregiver: `${base}/kaveri`, summary: `${base}/vahvista` },
    titles: { time: RESCHEDULE_TEXTS.timeTitle, caregiver: RESCHEDULE_TEXTS.caregiverTitle, summary: RESCHEDULE_TEXTS.confirmTitle },
    showStepCounter: true,
    // Date, time and duration only, nothing personal: the time step is a GET form as in the public flows.
    signedIn: false,
    // The portal's and the back office's own frames; a manage link's holder has neither.
    inPortal: side !== "manage",
    timeStepAsks: { service: false, address: false, description: false },
    fixedPlace: true,
    wording: "portal",
    successPath: "/portal/orders/success",
  };
}

interface Reschedulable {
  order: OrderToReschedule;
  flow: BookingFlow;
  /** The order's page on this side (where the move returns). */
  home: string;
  actor: RescheduleActorInput;
  db: DB;
}

/**
 * The order of the address, if this person may move it now: the customer their own order (anyone
 * else gets the order page's 404), the holder of a live manage link its order (anything else is
 * the link's bare 404), staff with the role; a refusal sends them to the order page saying why.
 */
async function requireReschedulable(
  request: Request,
  side: RescheduleSide,
  orderNumber: string | undefined,
  context?: Partial<AppLoadContext>,
): Promise<Reschedulable> {
  let actor: RescheduleActorInput;
  let number: string;
  let key: string;
  if (side === "manage") {
    // `orderNumber` is the link's token here: the link is the permission.
    const managed = await requireManagedOrder(orderNumber, context?.clientIp);
    actor = { kind: "customer", profileId: managed.customerProfileId, audit: { id: managed.customerProfileId, ip: context?.clientIp ?? null } };
    number = managed.orderNumber;
    key = orderNumber!;
  } else if (side === "customer") {
    const { user, order } = await requireCustomerOrder(request, orderNumber);
    actor = { kind: "customer", profileId: user.id, audit: { id: user.id, ip: context?.clientIp ?? null } };
    number = order.orderNumber;
    key = number;
  } else {
    const { actor: audit } = await requireStaffActor(request, context, access.rescheduleOrders);
    actor = { kind: "staff", audit };
    number = orderNumber ?? "";
    key = number;
  }
  const db = await getDb();
  const order = await findOrderToReschedule(db, number);
  if (!order) throw new Response(RESCHEDULE_REFUSALS.not_found, { status: 404 });
  // The order pages decide whether to offer "Muuta aikaa" by the server's one clock (decision 0018): so does this.
  const home = orderPagePath(side, key);
  const refusal = rescheduleRefusal(order, ruleActor(side), now());
  if (refusal) throw await refuse(request, home, refusal);
  return { order, flow: rescheduleFlow(side, key), home, actor, db };
}

function refuse(request: Request, home: string, reason: RescheduleRefusalReason) {
  return redirectWithToast(request, home, { type: "error", title: RESCHEDULE_REFUSALS[reason] });
}

/** The draft with the order's service and place, which the move does not change. */
function withOrderFacts(draft: BookingDraft, order: OrderToReschedule): BookingDraft {
  return { ...draft, service: order.serviceId, postalCode: order.postalCode, city: order.city };
}

function isOrderDraft(draft: BookingDraft, order: OrderToReschedule): boolean {
  return draft.service === order.serviceId && draft.postalCode === order.postalCode && draft.city === order.city;
}

// ---------------------------------------------------------------- step 1: the time

export async function rescheduleTimeLoader(request: Request, side: RescheduleSide, orderNumber: string | undefined, context?: Partial<AppLoadContext>) {
  const { order, flow } = await requireReschedulable(request, side, orderNumber, context);
  const url = new URL(request.url);
  const draft = readDraft(url.searchParams);
  if (!isOrderDraft(draft, order)) {
    // First visit, or a hand-edited address: start from the order's own day and length.
    const start: BookingDraft = {
      ...withOrderFacts(draft, order),
      date: draft.date ?? helsinkiDateString(order.startsAt),
      duration: draft.duration ?? String(order.durationHours),
      caregiver: null,
    };
    throw redirect(stepHref(flow, "time", start));
  }
  // The booking's own time step, with a line saying which visit is moved and until when.
  // The order's own time does not count against its helper.
  const step = await timeStepLoader(request, flow, { exceptOrderId: order.id });
  return data({ ...step.data, intro: introOf(order, side) }, step.init ?? undefined);
}

function introOf(order: OrderToReschedule, side: RescheduleSide): string {
  const now = `${RESCHEDULE_TEXTS.oldTime}: ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}.`;
  const until =
    side !== "staff"
      ? ` Voit muuttaa aikaa maksutta ${formatDateTime(rescheduleDeadline(order.startsAt, "customer"))} asti.`
      : " Henkilökunta voi muuttaa aikaa käynnin alkuun asti.";
  return `Tilaus ${order.orderNumber}, ${order.serviceName}. ${now}${until}`;
}

// ---------------------------------------------------------------- step 2: the helper

/**
 * The order's own helper stays when they are free at the new time: the step then goes straight
 * on. Otherwise it offers the helpers free then, or 'Ei väliä' (the customer: we choose; staff:
 * the order waits for a helper on the dashboard's list), but only while somebody can do the
 * visit then: when nobody can, the step says so and offers the nearest times somebody can come,
 * as the booking's helper step does (a visit nobody can serve is never confirmed, so the
 * confirm step would only send the draft back here).
 */
export async function rescheduleCaregiverLoader(request: Request, side: RescheduleSide, orderNumber: string | undefined, context?: Partial<AppLoadContext>) {
  const { order, flow, db } = await requireReschedulable(request, side, orderNumber, context);
  const url = new URL(request.url);
  const draft = withOrderFacts(readDraft(url.searchParams), order);
  const time = await requireTimeStep(db, flow, draft, now());
  const visit: VisitWindow = { ...time.interval, city: order.city, serviceCategoryId: order.serviceId };
  const ownFree = order.caregiver ? await currentCaregiverFree(db, order, time.interval) : null;
  if (ownFree && !draft.caregiver) throw redirect(stepHref(flow, "summary", { ...draft, caregiver: ownFree.id }));
  // The order's own time does not count: its helper is free for the move (as on the confirm step).
  const anyone = await anyoneCanDoVisit(db, { ...visit, exceptOrderId: order.id });
  if (!order.caregiver && !draft.caregiver && anyone) throw redirect(stepHref(flow, "summary", { ...draft, caregiver: ANY_CAREGIVER }));
  if (url.searchParams.has(PICK_PARAM.proceed)) {
    await requireCaregiverChoice(db, flow, draft, visit, order.id);
    throw redirect(stepHref(flow, "summary", draft));
  }
  const named = draft.caregiver && UUID.test(draft.caregiver) ? draft.caregiver : null;
  const caregivers = anyone ? await listOfferedCaregivers(db, visit, named) : [];
  const notice =
    noticeMessage(flow, readNotice(url.searchParams)) ?? (order.caregiver && !ownFree && anyone ? caregiverNotFreeNotice(order.caregiver.fullName, side === "staff") : null);
  const chosen = draft.caregiver;
  const view: CaregiverStepView = {
    flow,
    draft,
    notice,
    summary: summarize(time, null, { postalCode: order.postalCode, city: order.city }),
    estimateCents: time.amounts.totalPriceCents,
    caregivers: ownFree && !caregivers.some((c) => c.id === ownFree.id) ? [ownFree, ...caregivers] : caregivers,
    selected: (chosen === ANY_CAREGIVER && anyone) || (chosen !== null && caregivers.some((caregiver) => caregiver.id === chosen)) ? chosen : null,
    city: order.city,
    // Nobody can come then: no choice, but the nearest times somebody can. The order already
    // reaches staff (its messages, the back office), so no contact request here.
    nobody: anyone
      ? null
      : {
          nearest: await nearestServableTimes(db, flow, draft, time.selection, order.city, now(), order.id),
          sent: false,
          defaults: { fullName: "", phone: "", email: "" },
          contactForm: false,
        },
  };
  return view;
}

// ---------------------------------------------------------------- step 3: confirm


async function confirmView(
  db: DB,
  side: RescheduleSide,
  home: string,
  order: OrderToReschedule,
  flow: BookingFlow,
  draft: BookingDraft,
  time: ValidTimeStep,
  caregiver: OfferedCaregiver | null,
  error: string | null,
): Promise<RescheduleConfirmView> {
  const preview = await previewReschedule(db, order, { date: time.selection.date, startHour: time.selection.startHour, durationHours: time.selection.durationHours });
  const when = (from: Date, to: Date) => `${formatWeekdayDate(from)} ${formatTimeRange(from, to)}`;
  const plan = preview.plan;
  return {
    flow,
    draft,
    orderPath: home,
    version: order.visitSequence,
    shownTotalCents: preview.amounts.totalPriceCents,
    rows: [
      { label: RESCHEDULE_TEXTS.oldTime, value: when(order.startsAt, order.endsAt) },
      { label: RESCHEDULE_TEXTS.newTime, value: when(preview.interval.startsAt, preview.interval.endsAt) },
      { label: RESCHEDULE_TEXTS.caregiver, value: caregiver?.fullName ?? (side === "staff" ? RESCHEDULE_TEXTS.noCaregiverStaff : RESCHEDULE_TEXTS.noCaregiver) },
      { label: RESCHEDULE_TEXTS.oldPrice, value: formatEuros(order.totalPriceCents) },
      { label: RESCHEDULE_TEXTS.newPrice, value: formatEuros(preview.amounts.totalPriceCents) },
      {
        label: RESCHEDULE_TEXTS.difference,
        value: `${preview.amounts.totalPriceCents > order.totalPriceCents ? "+" : preview.amounts.totalPriceCents < order.totalPriceCents ? "−" : ""}${formatEuros(Math.abs(preview.amounts.totalPriceCents - order.totalPriceCents))}`,
      },
    ],
    moneyLines: plan.ok ? rescheduleMoneyLines({ paymentMethod: order.paymentMethod, ...plan }) : [],
    blocked: plan.ok ? null : RESCHEDULE_REFUSALS[plan.reason],
    error,
  };
}

async function requireConfirmStep(request: Request, side: RescheduleSide, orderNumber: string | undefined, params: URLSearchParams, context?: Partial<AppLoadContext>) {
  const reschedulable = await requireReschedulable(request, side, orderNumber, context);
  const { order, flow, db } = reschedulable;
  const draft = withOrderFacts(readDraft(params), order);
  const time = await requireTimeStep(db, flow, draft, now());
  const caregiver = await requireCaregiverChoice(db, flow, draft, { ...time.interval, city: order.city, serviceCategoryId: order.serviceId }, order.id);
  return { ...reschedulable, draft, time, caregiver };
}

export async function rescheduleConfirmLoader(request: Request, side: RescheduleSide, orderNumber: string | undefined, context?: Partial<AppLoadContext>) {
  const { order, flow, home, db, draft, time, caregiver } = await requireConfirmStep(request, side, orderNumber, new URL(request.url).searchParams, context);
  return confirmView(db, side, home, order, flow, draft, time, caregiver, null);
}

/** 'Vahvista uusi aika': the move, then back to the order page with what happened. */
export async function rescheduleConfirmAction(request: Request, side: RescheduleSide, orderNumber: string | undefined, context?: Partial<AppLoadContext>) {
  const formData = await request.formData();
  const params = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") params.append(name, value);
  const { order, flow, home, db, draft, time, caregiver, actor } = await requireConfirmStep(request, side, orderNumber, params, context);
  const version = Number(formData.get(VERSION_FIELD));
  const outcome = await rescheduleOrder(db, actor, {
    orderId: order.id,
    time: { date: time.selection.date, startHour: time.selection.startHour, durationHours: time.selection.durationHours },
    caregiverId: caregiver?.id ?? null,
    expectedSequence: Number.isInteger(version) ? version : -1,
    shownTotalCents: readShownTotalCents(formData),
  }, now());
  if (outcome.ok) {
    const title = side === "staff" ? RESCHEDULE_TEXTS.doneStaff : RESCHEDULE_TEXTS.done;
    const description = side === "staff" ? undefined : RESCHEDULE_TEXTS.doneDetail;
    throw await redirectWithToast(request, home, { type: "success", title, ...(description ? { description } : {}) });
  }
  if (outcome.reason === "caregiver_busy") {
    // Someone took the helper's time a moment ago: choose again from who is free now.
    throw redirect(stepHref(flow, "caregiver", { ...draft, caregiver: null }, { notice: "caregiver_unavailable" }));
  }
  // A changed price: the page comes back with the new price (read again) and asks to confirm again.
  const message = outcome.reason === "price_changed" ? reschedulePriceChangedMessage(outcome.totalCents) : RESCHEDULE_REFUSALS[outcome.reason];
  const view = await confirmView(db, side, home, order, flow, draft, time, caregiver, message);
  return data(view, { status: 409 });
}

function readShownTotalCents(formData: FormData): number | null {
  const value = formData.get(SHOWN_TOTAL_FIELD);
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

