import { SHOWN_PRICE_FIELD } from "~/booking/shown-price";

/** Sends the price the page showed with the booking, so that the order is placed at that price only. */
export function ShownPriceField({ originalPriceCents }: { originalPriceCents: number }) {
  return <input type="hidden" name={SHOWN_PRICE_FIELD} value={originalPriceCents} />;
}
