// The published price examples of the landing page (spec 000 §9): for each band and 1–4 hours,
// the price with VAT, without VAT and after the household deduction. Computed from the bands in
// the settings with the same functions that charge orders, so the page cannot drift from them.
import { afterHouseholdDeductionCents, estimateCents, netOfCents, type PriceBand } from "./pricing";

export const PRICE_TABLE_HOURS = [1, 2, 3, 4] as const;

const BAND_ORDER: Record<PriceBand["id"], number> = { day: 0, evening: 1, night: 2 };


export interface PriceTableRow {
  hours: number;
  totalCents: number;
  netCents: number;
  afterDeductionCents: number;
}

export interface PriceTableBand {
  id: PriceBand["id"];
  fromHour: number;
  toHour: number;
  hourlyCents: number;
  rows: PriceTableRow[];
}

export function priceTable(bands: readonly PriceBand[]): PriceTableBand[] {
  return [...bands]
    .sort((a, b) => BAND_ORDER[a.id] - BAND_ORDER[b.id])
    .map((band) => ({
      id: band.id,
      fromHour: band.fromHour,
      toHour: band.toHour,
      hourlyCents: band.hourlyCents,
      rows: PRICE_TABLE_HOURS.map((hours) => {
        const totalCents = estimateCents(band.hourlyCents, hours);
        return {
          hours,
          totalCents,
          netCents: netOfCents(totalCents),
          afterDeductionCents: afterHouseholdDeductionCents(totalCents),
        };
      }),
    }));
}

/** 'klo 8.00–17.59': a band covers whole start hours, so it ends at :59 of its last hour. */
export function bandHoursLabel(band: Pick<PriceBand, "fromHour" | "toHour">): string {
  return `klo ${band.fromHour}.00–${band.toHour}.59`;
}
