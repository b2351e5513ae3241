// The booking form carries the price it showed (without a discount), and the order is placed only
// at that price: if the price bands changed in between, the customer sees the new price and
// confirms again (issue 30). Nobody is charged a price they were not shown.

export const SHOWN_PRICE_FIELD = "shownPriceCents";

/** The price the sent form showed, in cents; null when the form did not say (an older page). */
export function readShownPriceCents(formData: FormData): number | null {
  const value = formData.get(SHOWN_PRICE_FIELD);
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/**
 * The page's loaders run again after a "price changed" answer (409), which Remix would otherwise
 * skip after an error status: a later answer then still finds the new price in the page's data.
 */
export function answeredPriceChange(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && "newAmounts" in actionResult && Boolean(actionResult.newAmounts);
}
