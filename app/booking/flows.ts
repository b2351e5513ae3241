// The two public entry routes of the one booking engine (spec 000 §2): /varaa (steps 1 and 2,
// leading to the contact step) and /varaus (the three-step wizard with 'Vaihe n / 3'). They share
// every step module and differ only in their addresses and in the step counter.

export type BookingStep = "time" | "caregiver" | "contact";

export const BOOKING_STEPS: readonly BookingStep[] = ["time", "caregiver", "contact"];

/** Step names of the wizard's indicator (spec 000 §2 "Three-step wizard"). */
export const STEP_TITLES: Record<BookingStep, string> = {
  time: "Valitse aika ja palvelu",
  caregiver: "Valitse kaveri",
  contact: "Yhteystiedot",
};

export interface BookingFlow {
  id: "varaa" | "varaus";
  paths: Record<BookingStep, string>;
  /** 'Vaihe n / 3' above the heading: the /varaus wizard shows it. */
  showStepCounter: boolean;
}

export const VARAA_FLOW: BookingFlow = {
  id: "varaa",
  paths: { time: "/varaa", caregiver: "/varaa/kaveri", contact: "/varaa/yhteystiedot" },
  showStepCounter: false,
};

export const VARAUS_FLOW: BookingFlow = {
  id: "varaus",
  paths: { time: "/varaus", caregiver: "/varaus/kaveri", contact: "/varaus/yhteystiedot" },
  showStepCounter: true,
};

export function stepNumber(step: BookingStep): number {
  return BOOKING_STEPS.indexOf(step) + 1;
}

export function flowById(id: BookingFlow["id"]): BookingFlow {
  return id === "varaus" ? VARAUS_FLOW : VARAA_FLOW;
}
