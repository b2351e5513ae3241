import type { BotCheckChallenge } from "~/schemas/bot-check";
import type { ContactDefaults } from "~/schemas/booking";
import type { MonthCalendar } from "~/domain/booking-window";
import type { OfferedCaregiver } from "~/domain/caregiver-offer";
import type { OrderAmounts } from "~/domain/order-amounts";
import type { PriceBand } from "~/domain/pricing";
import type { ServiceCategorySummary } from "~/domain/service-category";
import type { BookingDraft } from "./draft";
import type { BookingFlow } from "./flows";

// What each booking step's loader gives its page: the contract between the server halves
// (steps.server.ts, contact-step.server.ts) and the step components, which must not import
// server modules.

/** The summary every later step shows of steps 1 and 2. */
export interface DraftSummary {
  serviceName: string;
  dateLabel: string;
  timeLabel: string;
  durationLabel: string;
  caregiverName: string | null;
}

export interface TimeSlot {
  hour: number;
  /** 'HH:00', the value the draft carries. */
  value: string;
  bandId: PriceBand["id"];
  hourlyCents: number;
}

export interface TimeStepView {
  flowId: BookingFlow["id"];
  draft: BookingDraft;
  notice: string | null;
  /** 'yyyy-MM' of the month shown, carried by the form. */
  month: string;
  calendar: MonthCalendar;
  /** The chosen date when it can still be booked. */
  selectedDate: string | null;
  slots: TimeSlot[];
  /** The chosen start hour when it is still offered on the chosen date. */
  selectedHour: number | null;
  hourlyCents: number | null;
  durationHours: number;
  manualDuration: string;
  durationError: string | null;
  services: ServiceCategorySummary[];
  selectedService: string | null;
  bands: PriceBand[];
}

export interface CaregiverStepView {
  flowId: BookingFlow["id"];
  draft: BookingDraft;
  notice: string | null;
  summary: DraftSummary;
  estimateCents: number;
  caregivers: OfferedCaregiver[];
  /** The current choice: ANY_CAREGIVER, an offered caregiver's id, or null. */
  selected: string | null;
}

export interface DiscountCheckResult {
  status: "valid" | "invalid" | "error";
  /** 'Alennuskoodi hyväksytty!', 'Alennuskoodi ei ole voimassa' or 'Virhe alennuskoodin tarkistuksessa'. */
  message: string;
  /** The server's own reason when it says more than the generic message. */
  detail: string | null;
  /** The code as checked (upper case). */
  code: string;
  /** The order's amounts with the discount; only for a valid code. */
  amounts: OrderAmounts | null;
}

export interface ContactStepView {
  flowId: BookingFlow["id"];
  draft: BookingDraft;
  summary: DraftSummary;
  amounts: OrderAmounts;
  botCheck: BotCheckChallenge;
  defaults: ContactDefaults;
  /** True when the contact details were kept from an earlier attempt (the caregiver was taken). */
  restored: boolean;
  /**
   * This browser's own online order for this very draft that still awaits payment (its checkout
   * failed or was left): the page offers 'Yritä maksua uudelleen' for it instead of a new order.
   */
  pendingOrderNumber: string | null;
  /** False when no payment provider may take money (production without Stripe): invoice only. */
  onlinePayment: boolean;
}
