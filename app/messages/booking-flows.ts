// The booking steps' headings (app/booking/flows.ts): the public flows' own, and the signed-in
// flows' (spec 000 §2 "Four-step wizard", 001 §2 orders/new). Small on purpose: every step page
// ships it to the browser.

export const publicStepTitles = {
  time: "Valitse aika ja palvelu",
  caregiver: "Valitse kaveri",
  contact: "Yhteystiedot",
} as const;

export const signedInStepTitles = {
  service: "Valitse palvelu",
  time: "Aika ja paikka",
  details: "Kuvaus ja lisätiedot",
  caregiver: "Valitse kaveri",
  summary: "Yhteenveto ja maksu",
} as const;
