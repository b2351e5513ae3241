import { redirect } from "@remix-run/node";
import { stepPath, VARAA_KAVERI_FLOW, type BookingStep } from "./flows";
import { requireBookingCustomer } from "./visit-draft.server";

// One wizard per place (issue 26 item 3): every "Tee uusi tilaus" opens /varaa-kaveri. The
// portal's old five-step wizard (/portal/orders/new…) sends its addresses there with the same
// draft, so bookmarks and old links ("Varaa sama kaveri uudelleen" in e-mails) keep working. Its
// description step is part of /varaa-kaveri's time step.

const OLD_STEPS: Record<string, BookingStep> = { "": "service", aika: "time", kuvaus: "time", kaveri: "caregiver", yhteenveto: "summary" };

export async function toTheOneWizard(request: Request, oldStep: keyof typeof OLD_STEPS): Promise<never> {
  await requireBookingCustomer(request);
  const url = new URL(request.url);
  throw redirect(`${stepPath(VARAA_KAVERI_FLOW, OLD_STEPS[oldStep]!)}${url.search}`);
}
