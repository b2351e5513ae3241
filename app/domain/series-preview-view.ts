// What the series preview page shows (app/components/series-dates-page.tsx), for a repeated order
// and for the signed-in wizard's new visit alike (app/portal/series-booking.server.ts makes it).
// Types only: the page runs in the browser and imports no server module.

export interface SeriesPreviewEntryView {
  date: string;
  when: string;
  state: "free" | "taken" | "no_hour";
  price: string | null;
  note: string;
  /** For a taken date: the best-rated helper who can come then, if anyone. */
  alternative: { id: string; name: string } | null;
}

export interface SeriesPreviewView {
  template: {
    /** The order repeated, or null for the wizard's new visit. */
    orderNumber: string | null;
    serviceName: string;
    caregiverName: string | null;
    durationHours: number;
    place: string;
    back: string | null;
  };
  rule: string;
  ending: string | null;
  entries: SeriesPreviewEntryView[];
  freeCount: number;
  visitPriceCents: number;
  visitPrice: string;
  hidden: Array<{ name: string; value: string }>;
  changeHref: string;
  onlineAvailable: boolean;
  defaultPayment: "online" | "invoice";
}

export interface SeriesDatesActionData {
  formError: string;
  /** The dates the error names, marked on the list. */
  dates: string[];
  /** What the customer chose, kept when the page is shown again. */
  decisions: Record<string, string>;
  payment: string;
}
