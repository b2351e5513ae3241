// The typed fields of a visit (where the helper goes and what they should know) as the steps and
// their pages name them. Their checks, with the flow's schema, are in visit-checks.server.ts (the
// pages must not load Zod).

export const VISIT_FIELD_NAMES = ["postalCode", "city", "address", "phone", "description", "specialNotes"] as const;
export type VisitFieldName = (typeof VISIT_FIELD_NAMES)[number];
export type VisitValues = Record<VisitFieldName, string>;
export type VisitErrors = Partial<Record<VisitFieldName, string>>;

export const EMPTY_VISIT: VisitValues = { postalCode: "", city: "", address: "", phone: "", description: "", specialNotes: "" };
