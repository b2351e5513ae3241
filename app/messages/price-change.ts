import { formatEuros } from "~/domain/format";

/** The booking's last step when the price changed between showing it and placing the order. */
export function priceChangedMessage(newPriceCents: number): string {
  return `Hinta on muuttunut sillä välin, kun teit varausta. Uusi hinta on ${formatEuros(newPriceCents)}. Tarkista hinta ja vahvista varaus uudelleen.`;
}

/** The confirm page of "Muuta aikaa" when the price changed between showing the new price and moving the visit. */
export function reschedulePriceChangedMessage(newTotalCents: number): string {
  return `Hinta on muuttunut sillä välin, kun valitsit uutta aikaa. Uusi hinta on ${formatEuros(newTotalCents)}. Tarkista hinta ja vahvista uusi aika uudelleen.`;
}
