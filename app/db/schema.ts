import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from "kysely";

// Table types in one place, snake_case like the SQL and the specification (we do not use
// CamelCasePlugin: one spelling of each name from migration to route). Dates and times of day
// are Helsinki-local strings ('2026-11-21', '14:00:00'); timestamptz columns are Date objects.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

// The value sets every layer shares live in the domain (the browser may import them too); the
// tables use them, and models import them from here.
import type {
  CaregiverStatus,
  DiscountType,
  OrderStatus,
  PaymentMethodName,
  PaymentProviderName,
  PaymentStatus,
  PayoutStatus,
  StaffRole,
  UserType,
} from "../domain/statuses";

export type * from "../domain/statuses";
export type JobStatus = "pending" | "running" | "done" | "failed";
export type EmailStatus = "queued" | "sent" | "kept" | "failed";
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

export type DeferredAttachment = { kind: "invoice_pdf"; orderId: string };

export interface ProfilesTable {
  id: Generated<string>;
  email: string;
  full_name: Generated<string>;
  phone: string | null;
  user_type: Generated<UserType>;
  password_hash: string | null;
  email_confirmed_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
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
  completed_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
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
  order_id: string;
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

/** A payment recorded against an invoice, maybe a part of it (migration 0010). */
export interface InvoicePaymentsTable {
  id: Generated<string>;
  invoice_id: string;
  amount_cents: number;
  paid_on: string;
  recorded_by: string | null;
  created_at: CreatedAt;
}

export interface CreditNotesTable {
  id: Generated<string>;
  invoice_id: string;
  credit_note_number: Generated<number>;
  issue_date: string;
  amount_cents: number;
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
  sent_at: NullableTimestamp;
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

export interface Database {
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  customers: CustomersTable;
  service_categories: ServiceCategoriesTable;
  caregivers: CaregiversTable;
  caregiver_services: CaregiverServicesTable;
  discount_codes: DiscountCodesTable;
  orders: OrdersTable;
  discount_redemptions: DiscountRedemptionsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payouts: PayoutsTable;
  invoices: InvoicesTable;
  invoice_payments: InvoicePaymentsTable;
  credit_notes: CreditNotesTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  notifications: NotificationsTable;
  reviews: ReviewsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  emails: EmailsTable;
  form_drafts: FormDraftsTable;
  used_challenges: UsedChallengesTable;
  rate_limits: RateLimitsTable;
}

export type Profile = Selectable<ProfilesTable>;
export type Caregiver = Selectable<CaregiversTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type DiscountCode = Selectable<DiscountCodesTable>;
export type Email = Selectable<EmailsTable>;
export type Job = Selectable<JobsTable>;
