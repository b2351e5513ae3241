
// What /varaus-peruutettu says, by what the order's state really is (issue 25 item 9):
// released (the checkout was given up, the time is free again), awaiting_payment (nothing was
// changed), active (paid, or an invoice order), unknown (no order, or not this browser's).
export type CancelledPageState = "released" | "awaiting_payment" | "active" | "unknown";
export const CANCELLED_PAGE_TEXTS: Record<CancelledPageState, { title: string; body: string; orderLink: string }> = {
  released: {
    title: "Varaustasi ei ole vahvistettu",
    body: "Maksu keskeytyi, eikä sinulta veloitettu mitään. Varattu aika on vapautettu muille.",
    orderLink: "",
  },
  awaiting_payment: {
    title: "Varauksesi odottaa maksua",
    body: "Maksua ei ole vielä tehty, eikä sinulta ole veloitettu mitään. Jos et maksa, varaus perutaan ja aika vapautuu muille.",
    orderLink: "",
  },
  active: {
    title: "Varauksesi on voimassa",
    body: "Tätä varausta ei ole peruutettu. Näet sen tiedot tilauksen sivulta.",
    orderLink: "Näytä varaus",
  },
  unknown: {
    title: "Varaustasi ei ole vahvistettu",
    body: "Jos keskeytit maksun, sinulta ei veloitettu mitään. Tilauksen tietoja ei näytetä tässä selaimessa; kirjaudu sisään tai ota yhteyttä asiakaspalveluun.",
    orderLink: "",
  },
};
