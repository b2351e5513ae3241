import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireCaregiver } from "~/auth/guards.server";
import { linkClass } from "~/components/layout";
import { getDb } from "~/db.server";
import { formatDate, formatEuros, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { CAREGIVER_TASKS_PATH } from "~/domain/portal-paths";
import { earningsTexts as t } from "~/messages/portal";
import { earningsSummary, listPayouts, type PayoutLine } from "~/models/caregiver-earnings.server";
import { now as clockNow } from "~/services/clock.server";

// A helper's earnings, "Ansiot" (issue 10; DESIGN.md decision 18): this month's, what waits for
// payment and what has been paid. Each completed visit's payout is its caregiver earnings
// (decision 2); an admin marks payouts paid in the back office.

const LIST_LIMIT = 50;

function line(payout: PayoutLine) {
  return {
    id: payout.id,
    orderNumber: payout.orderNumber,
    serviceName: payout.serviceName,
    when: `${formatWeekdayDate(payout.startsAt)} ${formatTimeRange(payout.startsAt, payout.endsAt)}`,
    amount: formatEuros(payout.amountCents),
    paidOn: payout.paidAt ? formatDate(payout.paidAt) : null,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const caregiver = await requireCaregiver(request);
  const db = await getDb();
  const summary = await earningsSummary(db, caregiver.caregiverId, clockNow());
  const pending = await listPayouts(db, caregiver.caregiverId, "pending", LIST_LIMIT);
  const paid = await listPayouts(db, caregiver.caregiverId, "paid", LIST_LIMIT);
  return {
    thisMonth: { amount: formatEuros(summary.thisMonthCents), count: t.orderCount(summary.thisMonthCount) },
    pending: { amount: formatEuros(summary.pendingCents), count: t.orderCount(summary.pendingCount) },
    paid: { amount: formatEuros(summary.paidCents), count: t.orderCount(summary.paidCount) },
    pendingLines: pending.rows.map(line),
    pendingCapped: pending.hasMore,
    paidLines: paid.rows.map(line),
    paidCapped: paid.hasMore,
  };
}

export const meta: MetaFunction = () => [{ title: `${t.title} – Arkikaveri` }];

function Figure({ id, label, amount, count }: { id: string; label: string; amount: string; count: string }) {
  return (
    <div className="rounded-lg border-2 border-brand-100 bg-white p-4 sm:p-5">
      <dt className="font-semibold text-gray-900">
        {label}
      </dt>
      <dd className="text-3xl font-bold text-brand-900" data-testid={id}>
        {amount}
      </dd>
      <dd className="text-gray-800">{count}</dd>
    </div>
  );
}

function PayoutSection({ id, heading, empty, lines, capped }: { id: string; heading: string; empty: string; lines: ReturnType<typeof line>[]; capped: string | null }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold text-gray-900">
        {heading}
      </h2>
      {lines.length === 0 ? (
        <p className="rounded-lg border-2 border-gray-200 bg-white p-5">{empty}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border-2 border-gray-200 bg-white">
          {lines.map((payout) => (
            <li key={payout.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-4">
              <div className="min-w-0">
                <p className="font-semibold text-gray-900">{payout.serviceName}</p>
                <p className="text-gray-800">{payout.when}</p>
                <p className="text-gray-800">Tilaus {payout.orderNumber}</p>
                {payout.paidOn ? <p className="text-gray-800">Maksettu {payout.paidOn}</p> : null}
              </div>
              <p className="text-xl font-bold text-gray-900">{payout.amount}</p>
            </li>
          ))}
        </ul>
      )}
      {capped ? <p>{capped}</p> : null}
    </section>
  );
}

export default function EarningsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <div className="space-y-3">
        <h1 className="text-4xl font-bold text-brand-900">{t.title}</h1>
        <p className="max-w-prose">{t.intro}</p>
      </div>

      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure id="ansiot-kuukausi" label={t.thisMonth} amount={data.thisMonth.amount} count={data.thisMonth.count} />
        <Figure id="ansiot-odottaa" label={t.pending} amount={data.pending.amount} count={data.pending.count} />
        <Figure id="ansiot-maksettu" label={t.paid} amount={data.paid.amount} count={data.paid.count} />
      </dl>

      <PayoutSection
        id="odottaa"
        heading={t.pendingHeading}
        empty={t.pendingEmpty}
        lines={data.pendingLines}
        capped={data.pendingCapped ? t.pendingCapped(LIST_LIMIT) : null}
      />
      <PayoutSection id="maksetut" heading={t.paidHeading} empty={t.paidEmpty} lines={data.paidLines} capped={data.paidCapped ? t.paidCapped(LIST_LIMIT) : null} />

      <p>
        <Link to={CAREGIVER_TASKS_PATH} className={`inline-flex min-h-target items-center ${linkClass}`}>
          Kaverin tehtävät
        </Link>
      </p>
    </div>
  );
}
