import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_rate_limits";
import * as m0004 from "./0004_backoffice";
import * as m0005 from "./0005_cancellation";
import * as m0006 from "./0006_guest_orders";
import * as m0007 from "./0007_order_email_confirmation";
import * as m0008 from "./0008_caregiver_actions";
import * as m0009 from "./0009_portal_messages_profile";
import * as m0010 from "./0010_invoice_payments";
import * as m0011 from "./0011_backoffice_scale";
import * as m0013 from "./0013_payment_lists";
import * as m0014 from "./0014_reschedule";
import * as m0015 from "./0015_staff_notices";
import * as m0016 from "./0016_saved_recipients";
import * as m0017 from "./0017_scale_out";
import * as m0018 from "./0018_job_idempotency_keys";
import * as m0019 from "./0019_household_statements";
import * as m0020 from "./0020_receipts";
import * as m0021 from "./0021_manage_links";
import * as m0023 from "./0023_data_exports";
import * as m0024 from "./0024_text_reminders";
import * as m0025 from "./0025_consents";
import * as m0026 from "./0026_account_deletions";
import * as m0027 from "./0027_availability_plans";
import * as m0028 from "./0028_order_series";
import * as m0029 from "./0029_series_invoices";
import * as m0030 from "./0030_series_card_charges";
import * as m0031 from "./0031_series_credit_notes";
import * as m0032 from "./0032_consent_manage_link";
import * as m0033 from "./0033_archive_series_invoices";
import * as m0034 from "./0034_profile_last_active";
import * as m0035 from "./0035_series_submission_key";

// Listed here rather than read from the folder, so the same list works from the Remix bundle,
// from tsx scripts and from tests. Add new migrations at the end; never edit a landed one.
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_rate_limits": m0002,
  "0004_backoffice": m0004,
  "0005_cancellation": m0005,
  "0006_guest_orders": m0006,
  "0007_order_email_confirmation": m0007,
  "0008_caregiver_actions": m0008,
  "0009_portal_messages_profile": m0009,
  "0010_invoice_payments": m0010,
  "0011_backoffice_scale": m0011,
  "0013_payment_lists": m0013,
  "0014_reschedule": m0014,
  "0015_staff_notices": m0015,
  "0016_saved_recipients": m0016,
  "0017_scale_out": m0017,
  "0018_job_idempotency_keys": m0018,
  "0019_household_statements": m0019,
  "0020_receipts": m0020,
  "0021_manage_links": m0021,
  "0023_data_exports": m0023,
  "0024_text_reminders": m0024,
  "0025_consents": m0025,
  "0026_account_deletions": m0026,
  "0027_availability_plans": m0027,
  "0028_order_series": m0028,
  "0029_series_invoices": m0029,
  "0030_series_card_charges": m0030,
  "0031_series_credit_notes": m0031,
  "0032_consent_manage_link": m0032,
  "0033_archive_series_invoices": m0033,
  "0034_profile_last_active": m0034,
  "0035_series_submission_key": m0035,
};
