// Where and when an order's visit is, and what the customer wrote for the helper: what every
// full view of one order shows (the back office's order page, the booking documents).

export interface OrderVisit {
  startsAt: Date;
  endsAt: Date;
  durationHours: number;
  address: string;
  postalCode: string;
  city: string;
  description: string | null;
  specialNotes: string | null;
}
