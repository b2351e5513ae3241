// Every amount an order row snapshots, from the price list in force and the discount already
// decided (DESIGN.md decisions 1–2). The database checks the same identities
// (total = original − discount, net + VAT = total, fee + earnings = net), so an order priced here
// always inserts. Pure functions, no I/O.
import {
  PLATFORM_FEE_BP,
  VAT_RATE_BP,
  estimateCents,
  hourlyPriceCents,
  splitTotal,
  type PriceBand,
} from "./pricing";

export interface OrderAmounts {
  /** Hourly price of the start hour's band, VAT included. */
  unitPriceCents: number;
  /** unit price × hours, before the discount. */
  originalPriceCents: number;
  /** The discount actually given: never more than the original price. */
  discountCents: number;
  /** What the customer pays: original − discount. */
  totalPriceCents: number;
  netAmountCents: number;
  vatAmountCents: number;
  platformFeeCents: number;
  caregiverEarningsCents: number;
  vatRateBp: number;
  commissionRateBp: number;
}

export function priceOrder(input: {
  bands: readonly PriceBand[];
  startHour: number;
  durationHours: number;
  /** The discount from `evaluateDiscount`, 0 without a code. */
  discountCents?: number;
}): OrderAmounts {
  const requested = input.discountCents ?? 0;
  if (!Number.isInteger(requested) || requested < 0) {
    throw new RangeError(`discount must be a non-negative integer of cents, got ${requested}`);
  }
  const unitPriceCents = hourlyPriceCents(input.bands, input.startHour);
  const originalPriceCents = estimateCents(unitPriceCents, input.durationHours);
  const discountCents = Math.min(requested, originalPriceCents);
  const split = splitTotal(originalPriceCents - discountCents);
  return {
    unitPriceCents,
    originalPriceCents,
    discountCents,
    totalPriceCents: split.totalCents,
    netAmountCents: split.netCents,
    vatAmountCents: split.vatCents,
    platformFeeCents: split.platformFeeCents,
    caregiverEarningsCents: split.caregiverEarningsCents,
    vatRateBp: VAT_RATE_BP,
    commissionRateBp: PLATFORM_FEE_BP,
  };
}
