// Prices are decided here and nowhere else (DESIGN.md decisions 1–3). Pure functions, integer cents.

export interface PriceBand {
  /** Internal name of the band: päivä, ilta, yö. */
  id: "day" | "evening" | "night";
  /** First start hour of the band, 0–23, Helsinki time. */
  fromHour: number;
  /** Last start hour of the band, inclusive. */
  toHour: number;
  hourlyCents: number;
}

export const DEFAULT_PRICE_BANDS: readonly PriceBand[] = [
  { id: "day", fromHour: 8, toHour: 17, hourlyCents: 4000 },
  { id: "evening", fromHour: 18, toHour: 23, hourlyCents: 6000 },
  { id: "night", fromHour: 0, toHour: 7, hourlyCents: 8000 },
];

export const VAT_RATE_BP = 2550; // 25.5 %
export const PLATFORM_FEE_BP = 2000; // 20 % of the net amount
export const HOUSEHOLD_DEDUCTION_BP = 3500; // 35 % of the VAT-inclusive work price
export const HOUSEHOLD_DEDUCTION_YEARLY_CAP_CENTS = 160_000;
export const HOUSEHOLD_DEDUCTION_OWN_SHARE_CENTS = 15_000;
export const MIN_DURATION_HOURS = 1;
export const MAX_DURATION_HOURS = 24;

/** The band whose hours contain `startHour`. Throws if the bands leave the hour uncovered. */
export function bandForHour(bands: readonly PriceBand[], startHour: number): PriceBand {
  if (!Number.isInteger(startHour) || startHour < 0 || startHour > 23) {
    throw new RangeError(`start hour must be an integer 0–23, got ${startHour}`);
  }
  const band = bands.find((b) => startHour >= b.fromHour && startHour <= b.toHour);
  if (!band) throw new Error(`no price band covers hour ${startHour}`);
  return band;
}

export function hourlyPriceCents(bands: readonly PriceBand[], startHour: number): number {
  return bandForHour(bands, startHour).hourlyCents;
}

/** Half-up rounding of a non-negative rational a / b to an integer. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function estimateCents(hourlyCents: number, hours: number): number {
  if (!Number.isInteger(hours) || hours < MIN_DURATION_HOURS || hours > MAX_DURATION_HOURS) {
    throw new RangeError(`duration must be ${MIN_DURATION_HOURS}–${MAX_DURATION_HOURS} hours, got ${hours}`);
  }
  return hourlyCents * hours;
}

/** What the household deduction would give back: 35 % of the VAT-inclusive price. */
export function householdDeductionCents(totalCents: number): number {
  return divideRoundHalfUp(totalCents * HOUSEHOLD_DEDUCTION_BP, 10_000);
}

/** The price shown "after household deduction" (65 % of the price). */
export function afterHouseholdDeductionCents(totalCents: number): number {
  return totalCents - householdDeductionCents(totalCents);
}

export interface AmountSplit {
  totalCents: number;
  netCents: number;
  vatCents: number;
  platformFeeCents: number;
  caregiverEarningsCents: number;
}

/**
 * Splits a VAT-inclusive total: net = round(total / 1.255), VAT = total − net,
 * fee = round(net × 20 %), earnings = net − fee. The parts always add up exactly.
 */
export function splitTotal(totalCents: number): AmountSplit {
  if (!Number.isInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`total must be a non-negative integer of cents, got ${totalCents}`);
  }
  const netCents = divideRoundHalfUp(totalCents * 10_000, 10_000 + VAT_RATE_BP);
  const platformFeeCents = divideRoundHalfUp(netCents * PLATFORM_FEE_BP, 10_000);
  return {
    totalCents,
    netCents,
    vatCents: totalCents - netCents,
    platformFeeCents,
    caregiverEarningsCents: netCents - platformFeeCents,
  };
}

/** Net (VAT-exclusive) part of a VAT-inclusive amount, as shown in price tables. */
export function netOfCents(totalCents: number): number {
  return splitTotal(totalCents).netCents;
}

/**
 * Hours 0–23 that no band covers, and hours that more than one band covers. The price of a
 * booking is looked up by its start hour, so both must be empty for every hour to have exactly
 * one price.
 */
export function priceBandCoverage(bands: readonly Pick<PriceBand, "fromHour" | "toHour">[]) {
  const counts = Array.from({ length: 24 }, () => 0);
  for (const band of bands) {
    for (let h = Math.max(0, band.fromHour); h <= Math.min(23, band.toHour); h++) counts[h]++;
  }
  return {
    uncovered: counts.flatMap((count, h) => (count === 0 ? [h] : [])),
    overlapping: counts.flatMap((count, h) => (count > 1 ? [h] : [])),
  };
}
