// The entry routes of the one booking engine. A flow is only a list of steps with their addresses,
// their titles and what its step "time" asks besides the date, time and duration; every step's
// loader, action and page is shared (docs/decisions/0008).
//
// - /varaa (steps 1 and 2, leading to the contact step) and /varaus (the three-step wizard with
//   'Vaihe n / 3'): anyone, with contact details and the bot check at the end (spec 000 §2).
// - /varaa-kaveri (four steps; /portal/orders/new redirects to it, one-wizard.server.ts): signed-in
//   customers, whose saved details fill in the visit's address and phone, with a summary at the
//   end instead of the contact form (spec 000 §2 "Four-step wizard", 001 §2 orders/new).

import { publicStepTitles, signedInStepTitles } from "../messages/booking-flows";

export type BookingStep = "service" | "time" | "details" | "caregiver" | "contact" | "summary";

/** Whose wording the flow's messages follow (spec 000 §5 "Four-step wizard", 001 §5 "Portal wizard"). */
export type BookingWording = "public" | "fourStep" | "portal";

export type BookingFlowId = "varaa" | "varaus" | "varaa-kaveri" | "muuta-aika";

export interface BookingFlow {
  id: BookingFlowId;
  /** The steps in order; each has an address in `paths`. */
  steps: readonly BookingStep[];
  paths: Partial<Record<BookingStep, string>>;
  titles: Partial<Record<BookingStep, string>>;
  /** 'Vaihe n / N' above the heading. */
  showStepCounter: boolean;
  /**
   * Signed-in customers only. Their visit's street address, phone, description and note are
   * personal data: they wait in a server-side draft (app/booking/visit-draft.server.ts), never in
   * the address; the step forms that take them post.
   */
  signedIn: boolean;
  /** Shown inside the portal's own frame (its header and menu) instead of the site's. */
  inPortal: boolean;
  /**
   * What step "time" asks besides the date, time and duration: the service (public flows, where
   * it has no step of its own), the visit's street address and phone, or also its description
   * and the note for the helper (/varaa-kaveri's step 2). Every flow asks the visit's postal code
   * and city there, before the helper step (DESIGN.md decision 17).
   */
  timeStepAsks: { service: boolean; address: boolean; description: boolean };
  /** The visit's place is fixed (rescheduling an order, app/booking/reschedule-steps.server.ts): not asked again. */
  fixedPlace?: boolean;
  wording: BookingWording;
  /** Where a finished invoice booking is shown. */
  successPath: "/varaus-maksu-onnistui" | "/portal/orders/success";
}

const PUBLIC_TITLES: Partial<Record<BookingStep, string>> = publicStepTitles;

const SIGNED_IN_TITLES: Partial<Record<BookingStep, string>> = {
  service: signedInStepTitles.service,
  time: signedInStepTitles.time,
  details: signedInStepTitles.details,
  caregiver: signedInStepTitles.caregiver,
  summary: signedInStepTitles.summary,
};

const PUBLIC_STEPS: readonly BookingStep[] = ["time", "caregiver", "contact"];

export const VARAA_FLOW: BookingFlow = {
  id: "varaa",
  steps: PUBLIC_STEPS,
  paths: { time: "/varaa", caregiver: "/varaa/kaveri", contact: "/varaa/yhteystiedot" },
  titles: PUBLIC_TITLES,
  showStepCounter: false,
  signedIn: false,
  inPortal: false,
  timeStepAsks: { service: true, address: false, description: false },
  wording: "public",
  successPath: "/varaus-maksu-onnistui",
};

// Written out in full, without spreads: a page's bundle then drops the flows it does not use.
export const VARAUS_FLOW: BookingFlow = {
  id: "varaus",
  steps: PUBLIC_STEPS,
  paths: { time: "/varaus", caregiver: "/varaus/kaveri", contact: "/varaus/yhteystiedot" },
  titles: PUBLIC_TITLES,
  showStepCounter: true,
  signedIn: false,
  inPortal: false,
  timeStepAsks: { service: true, address: false, description: false },
  wording: "public",
  successPath: "/varaus-maksu-onnistui",
};

export const VARAA_KAVERI_FLOW: BookingFlow = {
  id: "varaa-kaveri",
  steps: ["service", "time", "caregiver", "summary"],
  paths: {
    service: "/varaa-kaveri",
    time: "/varaa-kaveri/aika",
    caregiver: "/varaa-kaveri/kaveri",
    summary: "/varaa-kaveri/yhteenveto",
  },
  titles: SIGNED_IN_TITLES,
  showStepCounter: true,
  signedIn: true,
  inPortal: false,
  timeStepAsks: { service: false, address: true, description: true },
  wording: "fourStep",
  successPath: "/portal/orders/success",
};

export function stepNumber(flow: BookingFlow, step: BookingStep): number {
  return flow.steps.indexOf(step) + 1;
}

/** The address of a step; every flow has the steps it is asked for (a missing one is a bug). */
export function stepPath(flow: BookingFlow, step: BookingStep): string {
  const path = flow.paths[step];
  if (!path) throw new Error(`The ${flow.id} flow has no ${step} step`);
  return path;
}

export function stepTitle(flow: BookingFlow, step: BookingStep): string {
  return flow.titles[step] ?? "";
}

/** The step after `step`, or null after the last. */
export function nextStep(flow: BookingFlow, step: BookingStep): BookingStep | null {
  return flow.steps[flow.steps.indexOf(step) + 1] ?? null;
}

/** The step before `step`, or null on the first. */
export function previousStep(flow: BookingFlow, step: BookingStep): BookingStep | null {
  const index = flow.steps.indexOf(step);
  return index > 0 ? flow.steps[index - 1]! : null;
}

/** The step where the visit's description and note are asked (signed-in flows only). */
export function detailsStep(flow: BookingFlow): BookingStep | null {
  if (flow.steps.includes("details")) return "details";
  return flow.timeStepAsks.description ? "time" : null;
}
