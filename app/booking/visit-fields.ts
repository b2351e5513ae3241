// The typed fields of a visit (where the helper goes and what they should know) as the steps and
// their pages name them. Their checks, with the flow's schema, are in visit-checks.server.ts (the
// pages must not load Zod). In the signed-in wizards the visit is the customer's own (the street
// address, postal code, city and phone, and "Tallenna osoite omaksi osoitteekseni") or another
// person's (the recipient's six fields, named as on the public contact step: one field kit).

export const RECIPIENT_VISIT_FIELDS = [
  "recipientFirstName",
  "recipientLastName",
  "recipientPhone",
  "recipientAddress",
  "recipientPostalCode",
  "recipientCity",
] as const;

export const VISIT_FIELD_NAMES = [
  "bookingFor",
  ...RECIPIENT_VISIT_FIELDS,
  "recipientEmail",
  "address",
  "postalCode",
  "city",
  "phone",
  "saveAddress",
  "smsReminder",
  "description",
  "specialNotes",
] as const;
export type VisitFieldName = (typeof VISIT_FIELD_NAMES)[number];
export type VisitValues = Record<VisitFieldName, string>;
export type VisitErrors = Partial<Record<VisitFieldName, string>>;

export const EMPTY_VISIT: VisitValues = {
  bookingFor: "self",
  recipientFirstName: "",
  recipientLastName: "",
  recipientPhone: "",
  recipientAddress: "",
  recipientPostalCode: "",
  recipientCity: "",
  recipientEmail: "",
  smsReminder: "",
  postalCode: "",
  city: "",
  address: "",
  phone: "",
  saveAddress: "",
  description: "",
  specialNotes: "",
};

/** The name of the submit button that fills in the recipient from "Aiemmat saajat". */
export const SAVED_RECIPIENT_PARAM = "aiempi_saaja";

/** A saved recipient as the time step offers it ("Aiemmat saajat"). */
export interface SavedRecipientChoice {
  id: string;
  name: string;
  place: string;
}
