import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from "kysely";

// Table types in one place, snake_case like the SQL and the specification (we do not use
// CamelCasePlugin: one spelling of each name from migration to route). Dates and times of day
// are Helsinki-local strings ('2026-11-21', '14:00:00'); timestamptz columns are Date objects.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

// The value sets every layer shares live in the domain (the browser may import them too); the
// tables use them, and models import them from here.
import type { ArchivedDocumentKind } from "../domain/accounting-archive";
import type { ConsentMethod, ConsentPurpose } from "../domain/consents";
import type {
  CaregiverStatus,
  DiscountType,
  OrderStatus,
  PaymentMethodName,
  PaymentProviderName,
  PaymentStatus,
  PayoutStatus,
  StaffNoticeKind,
  StaffRole,
  UserType,
} from "../domain/statuses";

export type * from "../domain/statuses";
export type JobStatus = "pending" | "running" | "done" | "failed";
export type EmailStatus = "queued" | "sending" | "sent" | "kept" | "failed";
export type AuthTokenPurpose = "confirm_email" | "reset_password" | "set_password";

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** base64; empty while a `deferred` attachment waits to be drawn. */
  content: string;
  /**
   * Drawn by the delivery job, not by the request that queues the e-mail (the invoice PDF of a
   * booking: tens of milliseconds of CPU that the customer's submit should not wait for). The
   * job stores the drawn content in place of the empty one before sending.
   */
  deferred?: DeferredAttachment;
}

export type DeferredAttachment =
  | { kind: "invoice_pdf"; orderId: string }
  /** The receipt of a captured online payment (migration 0020), by its number. */
  | { kind: "receipt_pdf"; receiptNumber: number }
  /** The credit note of a cancelled invoice order. */
  | { kind: "credit_note_pdf"; orderId: string }
  /** A series' monthly invoice (migration 0029), by its number. */
  | { kind: "series_invoice_pdf"; invoiceNumber: number };

export interface ProfilesTable {
  id: Generated<string>;
  email: string;
  full_name: Generated<string>;
  phone: string | null;
  user_type: Generated<UserType>;
  password_hash: string | null;
  email_confirmed_at: NullableTimestamp;
  /** Set when the account was erased (migration 0026): the row is then an empty tombstone. */
  deleted_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The last use (sign-in, a session's use at most daily, a booking; migration 0034, decision 0047). */
  last_active_at: Timestamp;
  /** When housekeeping warned that the unused account will be erased; a use clears it (decision 0047). */
  inactivity_warned_at: NullableTimestamp;
}

export interface UserRolesTable {
  id: Generated<string>;
  user_id: string;
  role: StaffRole;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string | null;
  data: JSONColumnType<Record<string, unknown>>;
  expires_at: Timestamp;
  created_at: CreatedAt;
  user_agent: string | null;
  ip: string | null;
}

export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AuthTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface CustomersTable {
  id: Generated<string>;
  profile_id: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  status: Generated<"active" | "suspended">;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ServiceCategoriesTable {
  id: Generated<string>;
  slug: string;
  name: string;
  description: Generated<string>;
  icon: Generated<string>;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface CaregiversTable {
  id: Generated<string>;
  profile_id: string;
  city: string;
  location: string | null;
  postal_code: string | null;
  bio: Generated<string>;
  radius_km: Generated<number>;
  languages: ColumnType<string[], string[] | undefined, string[]>;
  has_drivers_license: Generated<boolean>;
  has_car: Generated<boolean>;
  allergies_restrictions: string | null;
  hourly_rate_cents: number | null;
  date_of_birth: string | null;
  profile_image_url: string | null;
  status: Generated<CaregiverStatus>;
  average_rating: number | null;
  total_orders: Generated<number>;
  identity_verified: Generated<boolean>;
  background_check: Generated<boolean>;
  insurance_verified: Generated<boolean>;
  education_verified: Generated<boolean>;
  interview_done: Generated<boolean>;
  references_checked: Generated<boolean>;
  rejection_reason: string | null;
  suspended_at: NullableTimestamp;
  suspension_reason: string | null;
  reviewed_at: NullableTimestamp;
  reviewed_by: string | null;
  /** Towns served besides `city` (migration 0009; DESIGN.md decision 17). */
  service_cities: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CaregiverServicesTable {
  caregiver_id: string;
  service_category_id: string;
}

/** A range of a weekday in a helper's weekly plan (migration 0027), Helsinki wall-clock minutes. */
export interface CaregiverWeeklyHoursTable {
  id: Generated<string>;
  caregiver_id: string;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  start_minute: number;
  /** 1440 is midnight at the end of the day. */
  end_minute: number;
}

/** Away for a date range, or extra hours on one date (migration 0027). */
export interface CaregiverAvailabilityExceptionsTable {
  id: Generated<string>;
  caregiver_id: string;
  kind: "away" | "extra";
  starts_on: string;
  ends_on: string;
  start_minute: number | null;
  end_minute: number | null;
  created_at: CreatedAt;
}

export interface DiscountCodesTable {
  id: Generated<string>;
  code: string;
  type: DiscountType;
  percent_bp: number | null;
  amount_cents: number | null;
  min_order_cents: number | null;
  max_discount_cents: number | null;
  valid_from: string;
  valid_until: string;
  usage_limit: number | null;
  per_user_limit: number | null;
  usage_count: Generated<number>;
  is_active: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface OrdersTable {
  id: Generated<string>;
  order_number: Generated<string>;
  customer_id: string;
  caregiver_id: string | null;
  service_category_id: string;
  booking_for: Generated<"self" | "other">;
  recipient_first_name: string | null;
  recipient_last_name: string | null;
  recipient_phone: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  scheduled_date: string;
  scheduled_start: string;
  scheduled_end: string;
  duration_hours: number;
  address: string;
  postal_code: string;
  city: string;
  description: string | null;
  special_notes: string | null;
  payment_method: "online" | "invoice";
  unit_price_cents: number;
  vat_rate_bp: Generated<number>;
  commission_rate_bp: Generated<number>;
  original_price_cents: number;
  discount_cents: Generated<number>;
  total_price_cents: number;
  net_amount_cents: number;
  vat_amount_cents: number;
  platform_fee_cents: number;
  caregiver_earnings_cents: number;
  discount_code_id: string | null;
  status: Generated<OrderStatus>;
  created_by: string | null;
  cancelled_at: NullableTimestamp;
  /** The order's time widened by half the travel time each side, written by a trigger (migration 0027). */
  busy_during: Generated<string>;
  /** Kept when cancelled late (DESIGN.md decision 16); null while the order is not cancelled. */
  cancellation_fee_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The payer as a guest typed them, kept on the order when the booking used the e-mail of an
   * existing account without signing in (DESIGN.md decision 15); null otherwise.
   */
  payer_name: ColumnType<string | null, string | null | undefined, string | null>;
  payer_phone: ColumnType<string | null, string | null | undefined, string | null>;
  payer_address: ColumnType<string | null, string | null | undefined, string | null>;
  payer_postal_code: ColumnType<string | null, string | null | undefined, string | null>;
  payer_city: ColumnType<string | null, string | null | undefined, string | null>;
  /** The phone the visit was booked with for oneself (migration 0016); the recipient's is recipient_phone. */
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** False until the account holder confirms that such a guest order is theirs. */
  claimed: Generated<boolean>;
  /** Set while a guest's invoice order waits for its e-mail address to confirm it (migration 0007). */
  email_confirmation_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  email_confirmation_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The helper who accepted the order and when (migration 0008). The order is accepted only while
   * `accepted_caregiver_id` equals `caregiver_id`: a new helper has not accepted it yet.
   */
  accepted_caregiver_id: ColumnType<string | null, string | null | undefined, string | null>;
  caregiver_accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Raised by one at each change of the visit's time (migration 0014): the calendar file's SEQUENCE. */
  visit_sequence: Generated<number>;
  /** The recipient's own e-mail, optional, for their reminder (migration 0024). */
  recipient_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** "Muistutus tekstiviestinä" ticked at booking, and the mobile number (E.164) it goes to (migration 0024). */
  sms_reminder: Generated<boolean>;
  sms_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The series this order is an occurrence of (migration 0028); null for a single visit. */
  series_id: ColumnType<string | null, string | null | undefined, string | null>;
  completed_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Weekly visits with the same helper (migration 0028, docs/decisions/0037). */
export interface OrderSeriesTable {
  id: Generated<string>;
  customer_id: string;
  created_by: string | null;
  /** The series' helper from now on ('Vaihda kaveria tästä eteenpäin' changes it). */
  caregiver_id: string | null;
  service_category_id: string;
  /** 1 = "Joka viikko", 2 = "Joka toinen viikko". */
  interval_weeks: 1 | 2;
  /** The Helsinki wall-clock hour every occurrence starts at. */
  start_hour: number;
  duration_hours: number;
  first_date: string;
  end_kind: "count" | "date" | "open";
  end_count: number | null;
  end_date: string | null;
  payment_method: "online" | "invoice";
  /** The provider's customer and saved card, set when the first visit's checkout completes. */
  payment_customer_ref: string | null;
  payment_method_ref: string | null;
  status: Generated<"active" | "ended" | "cancelled">;
  /** The last date occurrences have been made for; an open-ended series is kept 12 weeks ahead. */
  generated_until: string;
  /** The preview form's key (migration 0035): the same form sent twice books one series. */
  submission_key: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The monthly invoice of a series paid by invoice (migration 0029, docs/decisions/0039). */
export interface SeriesInvoicesTable {
  id: Generated<string>;
  series_id: string;
  customer_id: string;
  /** The first day of the Helsinki month whose visits it invoices. */
  month: string;
  /** From invoice_number_seq, the numbering of single invoices. */
  invoice_number: number;
  reference_number: string;
  issue_date: string;
  due_date: string;
  amount_cents: number;
  status: Generated<"open" | "paid" | "cancelled">;
  paid_at: NullableTimestamp;
  reminder_sent_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** One visit on a monthly series invoice; a visit is on one line at most (unique order_id). */
export interface SeriesInvoiceLinesTable {
  id: Generated<string>;
  series_invoice_id: string;
  order_id: string;
  amount_cents: number;
  net_amount_cents: number;
  vat_amount_cents: number;
  vat_rate_bp: number;
  /** What a cancellation after the invoice took off this line (all but the fee). */
  credited_cents: Generated<number>;
  credited_on: string | null;
  created_at: CreatedAt;
}

export interface DiscountRedemptionsTable {
  id: Generated<string>;
  discount_code_id: string;
  profile_id: string;
  order_id: string;
  amount_cents: number;
  created_at: CreatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  customer_id: string;
  caregiver_id: string | null;
  amount_cents: number;
  status: Generated<PaymentStatus>;
  provider: PaymentProviderName;
  method: PaymentMethodName | null;
  provider_ref: string | null;
  refunded_at: NullableTimestamp;
  refunded_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** When an online payment was captured (migration 0019): the household deduction's payment date. */
  captured_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: CreatedAt;
}

export interface PayoutsTable {
  id: Generated<string>;
  order_id: string;
  caregiver_id: string;
  amount_cents: number;
  status: Generated<PayoutStatus>;
  paid_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface InvoicesTable {
  id: Generated<string>;
  /**
   * The order whose current invoice this is. Null only on an invoice replaced by a rescheduling
   * (migration 0014, then `replaced_order_id` names the order); every query of an order's invoice
   * filters or joins on it, so it reads as a string there.
   */
  order_id: ColumnType<string, string, string | null>;
  replaced_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  invoice_number: Generated<number>;
  reference_number: string;
  issue_date: string;
  due_date: string;
  amount_cents: number;
  status: Generated<"open" | "paid" | "cancelled">;
  paid_at: NullableTimestamp;
  /** When the customer was last reminded of the overdue invoice (migration 0010). */
  reminder_sent_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** One change of a visit's time and the money it moved (migration 0014, docs/decisions/0020). */
export interface OrderReschedulesTable {
  id: Generated<string>;
  order_id: string;
  visit_sequence: number;
  actor_id: string | null;
  by_staff: boolean;
  old_starts_at: Timestamp;
  old_ends_at: Timestamp;
  new_starts_at: Timestamp;
  new_ends_at: Timestamp;
  old_caregiver_id: string | null;
  new_caregiver_id: string | null;
  old_total_cents: number;
  new_total_cents: number;
  credited_invoice_id: string | null;
  new_invoice_id: string | null;
  payment_id: string | null;
  refund_cents: Generated<number>;
  refund_status: Generated<RescheduleRefundStatus>;
  refunded_at: NullableTimestamp;
  created_at: CreatedAt;
}

export type RescheduleRefundStatus = "none" | "pending" | "refunding" | "refunded" | "failed" | "manual";

/** A payment recorded against an invoice, maybe a part of it (migration 0010). */
export interface InvoicePaymentsTable {
  id: Generated<string>;
  invoice_id: string;
  amount_cents: number;
  paid_on: string;
  recorded_by: string | null;
  created_at: CreatedAt;
}

/**
 * A credit note (hyvityslasku): of a single invoice, or of one visit's line of a monthly series
 * invoice (migration 0031); exactly one of the two is set. Both kinds share one numbering.
 */
export interface CreditNotesTable {
  id: Generated<string>;
  invoice_id: string | null;
  series_invoice_line_id: string | null;
  credit_note_number: Generated<number>;
  issue_date: string;
  amount_cents: number;
  created_at: CreatedAt;
}

export interface ReceiptsTable {
  id: Generated<string>;
  receipt_number: Generated<number>;
  payment_id: string;
  order_id: string;
  paid_at: Timestamp;
  method: "card" | "mobilepay" | "klarna" | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  duration_hours: number;
  unit_price_cents: number;
  original_price_cents: number;
  discount_cents: number;
  total_price_cents: number;
  net_amount_cents: number;
  vat_amount_cents: number;
  vat_rate_bp: number;
  created_at: CreatedAt;
}

export interface MessagesTable {
  id: Generated<string>;
  order_id: string;
  sender_id: string | null;
  message_text: string;
  created_at: CreatedAt;
}

/** A person's read marker and e-mail throttle in one order's message thread (migration 0009). */
export interface MessageReadsTable {
  order_id: string;
  profile_id: string;
  read_at: NullableTimestamp;
  notified_at: NullableTimestamp;
}

/** "Pyydä yhteydenottoa" when nobody can do a visit (migration 0015; issue 26 item 5). */
export interface ContactRequestsTable {
  id: Generated<string>;
  full_name: string;
  phone: string;
  email: string | null;
  message: string | null;
  service_category_id: string | null;
  postal_code: string | null;
  city: string;
  wanted_starts_at: NullableTimestamp;
  wanted_ends_at: NullableTimestamp;
  profile_id: string | null;
  created_at: CreatedAt;
}

/** The back office's "Vaatii huomiota" (migration 0015; issue 26 item 6). */
export interface StaffNoticesTable {
  id: Generated<string>;
  kind: StaffNoticeKind;
  order_id: string | null;
  contact_request_id: string | null;
  summary: string;
  created_at: CreatedAt;
  handled_at: NullableTimestamp;
  handled_by: string | null;
}

/** When the support address last heard of a thread ('order:<id>', 'contact:<id>'). */
export interface StaffNoticeEmailsTable {
  thread: string;
  notified_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  title: string;
  message: Generated<string>;
  related_id: string | null;
  read_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface ReviewsTable {
  id: Generated<string>;
  order_id: string;
  caregiver_id: string;
  customer_id: string;
  rating: number;
  comment: string | null;
  created_at: CreatedAt;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  ip: string | null;
  created_at: CreatedAt;
}

export interface JobsTable {
  id: Generated<string>;
  type: string;
  payload: JSONColumnType<Record<string, unknown>>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_at: NullableTimestamp;
  locked_by: string | null;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: NullableTimestamp;
  /** Unique when set (migration 0018): a job queued twice under one key is one job. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EmailsTable {
  id: Generated<string>;
  to_address: string;
  from_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: JSONColumnType<EmailAttachment[]>;
  status: Generated<EmailStatus>;
  /** Set when the e-mail is first handed to SMTP and kept on every retry. */
  message_id: string | null;
  sent_at: NullableTimestamp;
  created_at: CreatedAt;
}

export type TextMessageStatus = "queued" | "kept" | "sending" | "sent" | "failed";

/** A text message (migration 0024): the shared outbox of texts, read by /dev/tekstiviestit without a provider. */
export interface TextMessagesTable {
  id: Generated<string>;
  to_phone: string;
  body: string;
  segments: number;
  status: Generated<TextMessageStatus>;
  provider: string | null;
  provider_ref: string | null;
  error: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
}

/** Uploaded files (app/services/storage.server.ts): every process reaches them. */
/** The "Hallitse varausta" link of an order (migration 0021): only the SHA-256 of its token. */
export interface ManageLinksTable {
  order_id: string;
  token_hash: string;
  created_at: CreatedAt;
}

export interface StoredObjectsTable {
  key: string;
  content_type: string;
  bytes: Buffer;
  created_at: CreatedAt;
}

export interface FormDraftsTable {
  id: Generated<string>;
  kind: string;
  data: JSONColumnType<Record<string, unknown>>;
  expires_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsedChallengesTable {
  token_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** rate-limiter-flexible's PostgreSQL store (migration 0002); `expire` is epoch milliseconds. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

/** The people a signed-in customer has booked for ("Aiemmat saajat", migration 0016). */
export interface SavedRecipientsTable {
  id: Generated<string>;
  owner_id: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  postal_code: string;
  city: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A version of a payer's household-deduction statement of a year (migration 0019, decision 0028). */
export interface HouseholdStatementsTable {
  id: Generated<string>;
  customer_id: string;
  year: number;
  version: number;
  data_sha256: string;
  created_at: CreatedAt;
}

/** The statement e-mailed on 2 January, once per payer and year (migration 0019). */
export interface HouseholdStatementMailingsTable {
  customer_id: string;
  year: number;
  statement_id: string | null;
  email_id: string | null;
  created_at: CreatedAt;
}

/** A "Lataa tietoni" export (migration 0023, decision 0032). */
export interface DataExportsTable {
  id: Generated<string>;
  profile_id: string;
  requested_by: string | null;
  status: Generated<"pending" | "ready">;
  token_hash: string | null;
  object_key: string | null;
  byte_size: number | null;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

/** The consent log (migration 0025): append-only; the newest row of a subject and purpose is its state. */
export interface ConsentsTable {
  id: Generated<string>;
  profile_id: string | null;
  email: string | null;
  phone: string | null;
  purpose: ConsentPurpose;
  text_version: string;
  given: boolean;
  method: ConsentMethod;
  created_at: Timestamp;
}

/** "Poista tili" (migration 0026, decision 0034): a request, its grace period and its end. */
export interface AccountDeletionsTable {
  id: Generated<string>;
  profile_id: string;
  status: Generated<"pending" | "cancelled" | "done">;
  token_hash: string;
  requested_at: Date;
  delete_after: Date;
  cancelled_at: Date | null;
  done_at: Date | null;
}

export type { ArchivedDocumentKind } from "../domain/accounting-archive";

/** An erased person's money document as it was, until `purge_after` (migration 0026). */
export interface AccountingArchiveTable {
  id: Generated<string>;
  kind: ArchivedDocumentKind;
  source_id: string;
  /** Helsinki date 'yyyy-MM-dd'. */
  document_date: ColumnType<string, string, string>;
  purge_after: ColumnType<string, string, string>;
  data: JSONColumnType<Record<string, unknown>>;
  pdf: Buffer | null;
  archived_at: Date;
}

export interface Database {
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  customers: CustomersTable;
  service_categories: ServiceCategoriesTable;
  caregivers: CaregiversTable;
  caregiver_services: CaregiverServicesTable;
  caregiver_weekly_hours: CaregiverWeeklyHoursTable;
  caregiver_availability_exceptions: CaregiverAvailabilityExceptionsTable;
  discount_codes: DiscountCodesTable;
  orders: OrdersTable;
  order_series: OrderSeriesTable;
  series_invoices: SeriesInvoicesTable;
  series_invoice_lines: SeriesInvoiceLinesTable;
  discount_redemptions: DiscountRedemptionsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payouts: PayoutsTable;
  invoices: InvoicesTable;
  invoice_payments: InvoicePaymentsTable;
  credit_notes: CreditNotesTable;
  receipts: ReceiptsTable;
  order_reschedules: OrderReschedulesTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  notifications: NotificationsTable;
  contact_requests: ContactRequestsTable;
  staff_notices: StaffNoticesTable;
  staff_notice_emails: StaffNoticeEmailsTable;
  reviews: ReviewsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  emails: EmailsTable;
  text_messages: TextMessagesTable;
  form_drafts: FormDraftsTable;
  stored_objects: StoredObjectsTable;
  used_challenges: UsedChallengesTable;
  rate_limits: RateLimitsTable;
  saved_recipients: SavedRecipientsTable;
  household_statements: HouseholdStatementsTable;
  household_statement_mailings: HouseholdStatementMailingsTable;
  manage_links: ManageLinksTable;
  data_exports: DataExportsTable;
  consents: ConsentsTable;
  account_deletions: AccountDeletionsTable;
  accounting_archive: AccountingArchiveTable;
}

export type Profile = Selectable<ProfilesTable>;
export type Caregiver = Selectable<CaregiversTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type DiscountCode = Selectable<DiscountCodesTable>;
export type Email = Selectable<EmailsTable>;
export type Job = Selectable<JobsTable>;
