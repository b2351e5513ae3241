import type { OrderAmounts } from "~/domain/order-amounts";
import { formatEuros, formatHours } from "~/domain/format";

// Step 3's price summary (spec 000 §2 "Step 3 form contents", §9): the service line, the discount
// if any, the net part, VAT and the total, all to two decimals. The amounts come from the server
// (app/domain/order-amounts.ts); the page never computes a price of its own.

export function PriceSummary({
  serviceName,
  amounts,
  discountCode,
}: {
  serviceName: string;
  amounts: OrderAmounts;
  discountCode: string | null;
}) {
  const hours = Math.round(amounts.originalPriceCents / amounts.unitPriceCents);
  const row = "flex flex-wrap items-baseline justify-between gap-x-4 border-b border-gray-200 py-2";
  return (
    <section aria-labelledby="hinta-otsikko" className="rounded-lg border-2 border-brand-100 bg-white p-5">
      <h2 id="hinta-otsikko" className="text-2xl font-bold text-gray-900">
        Hinta
      </h2>
      {/* Announced when a discount code is accepted or cleared. */}
      <dl aria-live="polite" className="mt-2">
        <div className={row}>
          <dt>
            {serviceName}, {formatHours(hours)} × {formatEuros(amounts.unitPriceCents)}
          </dt>
          <dd className="tabular-nums">{formatEuros(amounts.originalPriceCents)}</dd>
        </div>
        {amounts.discountCents > 0 ? (
          <div className={row}>
            <dt>Alennus{discountCode ? ` (${discountCode})` : ""}</dt>
            <dd className="tabular-nums">−{formatEuros(amounts.discountCents)}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>Veroton hinta</dt>
          <dd className="tabular-nums">{formatEuros(amounts.netAmountCents)}</dd>
        </div>
        <div className={row}>
          <dt>ALV 25,5 %</dt>
          <dd className="tabular-nums">{formatEuros(amounts.vatAmountCents)}</dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 pt-3 text-xl font-bold text-gray-900">
          <dt>Yhteensä</dt>
          <dd className="tabular-nums" data-testid="hinta-yhteensa">
            {formatEuros(amounts.totalPriceCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
