// Everything the documents about one booking show (the confirmation e-mail, its calendar file,
// the invoice and its PDF): read by app/models/booking-documents.server.ts, worded by
// app/messages/booking-emails.ts.

import type { OrderVisit } from "./order-visit";
import type { OrderStatus, PaymentMethodName, PaymentProviderName, PaymentStatus } from "./statuses";

export interface BookingDocument {
  order: OrderVisit & {
    id: string;
    orderNumber: string;
    status: OrderStatus;
    bookingFor: "self" | "other";
    recipientFirstName: string | null;
    recipientLastName: string | null;
    recipientPhone: string | null;
    /** The recipient's own e-mail, for their reminder (migration 0024). */
    recipientEmail: string | null;
    /** "Muistutus tekstiviestinä" and the number it goes to, E.164 (migration 0024); see smsRemindersWanted. */
    smsReminder: boolean;
    smsPhone: string | null;
    scheduledDate: string;
    /** Raised at each change of the visit's time: the calendar file's SEQUENCE (migration 0014). */
    visitSequence: number;
    paymentMethod: "online" | "invoice";
    unitPriceCents: number;
    vatRateBp: number;
    originalPriceCents: number;
    discountCents: number;
    totalPriceCents: number;
    netAmountCents: number;
    vatAmountCents: number;
    createdAt: Date;
  };
  serviceName: string;
  caregiverName: string | null;
  discountCode: string | null;
  customer: {
    profileId: string;
    email: string;
    fullName: string;
    phone: string | null;
    hasPassword: boolean;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    /** Booked without signing in, with the address of an existing account: the payer as typed. */
    guestOnAccount: boolean;
  };
  /** The newest payment row of the order. */
  payment: { provider: PaymentProviderName; method: PaymentMethodName | null; status: PaymentStatus } | null;
  invoice: InvoiceRow | null;
}

export interface InvoiceRow {
  id: string;
  invoiceNumber: number;
  referenceNumber: string;
  issueDate: string;
  dueDate: string;
  amountCents: number;
}
