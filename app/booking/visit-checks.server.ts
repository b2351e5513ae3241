import type { ZodType } from "zod";
import { VISIT_FIELD_MESSAGES } from "~/messages/booking-wording";
import { completeVisitSchema, visitDetailsSchema, visitSchema, type CompleteVisit, type VisitFields } from "~/schemas/booking-visit";
import type { Infer } from "~/schemas/zod";
import type { BookingFlow } from "./flows";
import type { VisitErrors, VisitFieldName, VisitValues } from "./visit-fields";

// The visit's typed fields checked with the flow's schema and wording, each field's first message
// kept for the form.

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
  return { ok: false, errors };
}

/** The fields a flow's time step asks, checked. */
export function checkTimeStepFields(flow: BookingFlow, values: VisitValues) {
  const asks: VisitFields = { address: flow.timeStepAsks.address, description: flow.timeStepAsks.description };
  return check(visitSchema(VISIT_FIELD_MESSAGES[flow.wording], asks), values);
}

/** The portal wizard's description step, checked. */
export function checkDetailsFields(flow: BookingFlow, values: VisitValues) {
  return check(visitDetailsSchema(VISIT_FIELD_MESSAGES[flow.wording]), { description: values.description, specialNotes: values.specialNotes });
}

/** Everything a signed-in booking needs to know of its visit before the helper step. */
export function checkCompleteVisit(flow: BookingFlow, values: VisitValues): Check<CompleteVisit> {
  return check(completeVisitSchema(VISIT_FIELD_MESSAGES[flow.wording]), values);
}
