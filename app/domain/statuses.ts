// The value sets of the data model (check constraints of migrations/0001), shared by every layer:
// the table types in app/db/schema.ts and the browser-side components use these same unions.

export type UserType = "customer" | "caregiver";
export type StaffRole = "admin" | "moderator" | "support";
export type CaregiverStatus = "pending" | "approved" | "rejected" | "suspended";
export type OrderStatus = "pending" | "pending_payment" | "in_progress" | "completed" | "cancelled";
export type PaymentStatus = "pending" | "authorized" | "captured" | "refunded" | "failed";
export type PaymentProviderName = "local" | "stripe" | "invoice";
export type PaymentMethodName = "card" | "mobilepay" | "klarna" | "invoice";
export type PayoutStatus = "pending" | "paid";
export type DiscountType = "percentage" | "fixed_amount";

/** What a notice on the back office home is about (migration 0015). */
export type StaffNoticeKind = "customer_message" | "caregiver_rejection" | "contact_request" | "series_charge_failed";
