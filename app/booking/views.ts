import type { BotCheckChallenge } from "~/schemas/bot-check";
import type { ContactDefaults } from "~/schemas/booking";
import type { MonthCalendar } from "~/domain/booking-window";
import type { OfferedCaregiver } from "~/domain/caregiver-offer";
import type { OrderAmounts } from "~/domain/order-amounts";
import type { PriceBand } from "~/domain/pricing";
import type { NextSteps } from "~/messages/next-steps";
import type { ServiceCategorySummary } from "~/domain/service-category";
import type { BookingDraft } from "./draft";
import type { BookingFlow } from "./flows";
import type { repeatFieldDefaults } from "./repeat-choice";
import type { SavedRecipientChoice, VisitErrors, VisitValues } from "./visit-fields";

// What each booking step's loader gives its page: the contract between the server halves
// (steps.server.ts, contact-step.server.ts) and the step components, which must not import
// server modules.

/** The summary every later step shows of steps 1 and 2. */
export interface DraftSummary {
  serviceName: string;
  dateLabel: string;
  timeLabel: string;
  durationLabel: string;
  /** '00100 Helsinki': where the visit is. */
  placeLabel: string;
  caregiverName: string | null;
}

export interface TimeSlot {
  hour: number;
  /** 'HH:00', the value the draft carries. */
  value: string;
  bandId: PriceBand["id"];
  hourlyCents: number;
  /** Nobody (or not the named helper) can come at this hour for the draft's visit (issue 27 item 3). */
  unavailable?: boolean;
}

export interface TimeStepView {
  /** The flow the step belongs to: its addresses and titles (the page needs no copy of every flow). */
  flow: BookingFlow;
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
  /** The visit's typed fields (postal code and city always; the rest where the flow asks them). */
  values: VisitValues;
  fieldErrors: VisitErrors;
  /** A line under the heading (rescheduling: which visit is moved, until when). */
  intro?: string;
  /** "Aiemmat saajat" of the signed-in customer (empty in the public flows). */
  savedRecipients: SavedRecipientChoice[];
  /** "Muistutus tekstiviestinä" is offered: an SMS provider (or the dev outbox) takes texts (decision 0031). */
  smsAvailable: boolean;
}

/** What the signed-in flows' time step action answers when something is to be corrected. */
export interface TimeStepActionData {
  values: VisitValues;
  fieldErrors: VisitErrors;
  manualDuration: string;
  durationError: string | null;
}

/** The signed-in wizards' first step: the service cards. */
export interface ServiceStepView {
  /** The flow the step belongs to: its addresses and titles (the page needs no copy of every flow). */
  flow: BookingFlow;
  draft: BookingDraft;
  notice: string | null;
  services: ServiceCategorySummary[];
  selectedService: string | null;
  bands: PriceBand[];
  /** The helper named in the address ('Varaa sama kaveri uudelleen'), if they can be booked at all. */
  caregiverName: string | null;
}

/** The portal wizard's description step. */
export interface DetailsStepView {
  /** The flow the step belongs to: its addresses and titles (the page needs no copy of every flow). */
  flow: BookingFlow;
  draft: BookingDraft;
  notice: string | null;
  summary: DraftSummary;
  values: VisitValues;
  fieldErrors: VisitErrors;
}

/** The signed-in wizards' last step: everything chosen, the price, payment method and terms. */
export interface SummaryStepView {
  /** The flow the step belongs to: its addresses and titles (the page needs no copy of every flow). */
  flow: BookingFlow;
  draft: BookingDraft;
  summary: DraftSummary;
  visit: {
    /** The person the service is for, when not the customer. */
    recipientName: string | null;
    address: string;
    phone: string;
    description: string;
    specialNotes: string | null;
    saveToAccount: boolean;
  };
  amounts: OrderAmounts;
  /** This browser's own online order for this very draft that still awaits payment. */
  pendingOrderNumber: string | null;
  onlinePayment: boolean;
  /** "Toistuvuus" as the form starts (app/booking/repeat-choice.ts); anyHelper: 'Ei väliä' was chosen, a series cannot be. */
  repeat: ReturnType<typeof repeatFieldDefaults> & { anyHelper: boolean };
}

export interface CaregiverStepView {
  /** The flow the step belongs to: its addresses and titles (the page needs no copy of every flow). */
  flow: BookingFlow;
  draft: BookingDraft;
  notice: string | null;
  summary: DraftSummary;
  estimateCents: number;
  caregivers: OfferedCaregiver[];
  /** The current choice: ANY_CAREGIVER, an offered caregiver's id, or null. */
  selected: string | null;
  /** The visit's city: the helpers offered serve it. */
  city: string;
  /** Nobody can do the visit (issue 26 item 5): no choice, but other times and a contact request. */
  nobody: {
    nearest: NearestTime[];
    /** The contact request was sent. */
    sent: boolean;
    /** A signed-in customer's own details for the request. */
    defaults: { fullName: string; phone: string; email: string };
    /** "Pyydä yhteydenottoa" is offered (the booking flows; not when moving an order, which already reaches staff). */
    contactForm: boolean;
  } | null;
}

/** A time somebody can come, linking back to the time step with it. */
export interface NearestTime {
  label: string;
  href: string;
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
  /** The flow the step belongs to: its addresses and titles (the page needs no copy of every flow). */
  flow: BookingFlow;
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
  /** "Muistutus tekstiviestinä" is offered: an SMS provider (or the dev outbox) takes texts (decision 0031). */
  smsAvailable: boolean;
}

/** What the result pages show of a booked order (spec 000 §2 "Payment success page"). */
export interface ReceiptView {
  orderNumber: string;
  serviceName: string;
  dateLabel: string;
  timeLabel: string;
  durationLabel: string;
  originalPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  paymentMethod: "online" | "invoice";
  /** Online orders whose payment has not been confirmed yet. */
  awaitingPayment: boolean;
  cancelled: boolean;
  invoiceDueDate: string | null;
  customerEmail: string;
  /** A guest's invoice order waiting for its e-mail confirmation: the deadline, formatted. */
  emailConfirmationDeadline: string | null;
  place: string;
  /** The person the visit is for, when not the customer. */
  recipientName: string | null;
  nextSteps: NextSteps;
  /** Customer service, linked where the next steps mention it. */
  contact: { phone: string; email: string };
}

/** The last step of rescheduling an order (app/booking/reschedule-steps.server.ts). */
export interface RescheduleConfirmView {
  flow: BookingFlow;
  draft: BookingDraft;
  orderPath: string;
  version: number;
  /** The new total the page shows, sent back with the confirmation (SHOWN_TOTAL_FIELD). */
  shownTotalCents: number;
  rows: Array<{ label: string; value: string }>;
  moneyLines: string[];
  /** Set when the move cannot be made with this price (an invoice with payments on it). */
  blocked: string | null;
  error: string | null;
}
