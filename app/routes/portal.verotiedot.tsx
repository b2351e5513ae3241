import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/auth/guards.server";
import { Alert } from "~/components/alert";
import { buttonClassName } from "~/components/button";
import { controlClass, labelClass } from "~/components/form-parts";
import { getDb } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import { formatDate, formatEuros } from "~/domain/format";
import { parseStatementYear, statementState, statementYears, yearOf } from "~/domain/household-deduction";
import { statementPdfPath } from "~/domain/portal-paths";
import { householdStatementTexts as t } from "~/messages/household-statement";
import { now } from "~/services/clock.server";
import { buildStatement } from "~/services/household-statement.server";

// "Verotiedot" (issue 29 item 1; docs/decisions/0028): a customer's household-deduction
// statements. The current year's so far (not final, for planning), the past year's from 2 January,
// and any earlier year from the picker (a GET form, so it works without JavaScript). Each year's
// PDF is a POST to its own address, because handing a statement out records its version.

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const today = helsinkiToday(now());
  const current = yearOf(today);
  const chosen = parseStatementYear(new URL(request.url).searchParams.get("vuosi"), today);
  const years = [...new Set([chosen ?? current, current, current - 1])];
  const db = await getDb();
  const cards = await Promise.all(
    years.map(async (year) => {
      const state = statementState(year, today);
      const data = customer.customerId && state !== "not_yet" ? await buildStatement(db, customer.customerId, year, now()) : null;
      return {
        year,
        state,
        // Money in, not the refunds and credit notes that take some back (those are rows too).
        payments: (data?.rows ?? []).filter((row) => row.totalCents > 0).length,
        rows: data?.rows.length ?? 0,
        total: formatEuros(data?.totals.totalCents ?? 0),
        work: formatEuros(data?.totals.workCents ?? 0),
        estimate: formatEuros(data?.totals.estimateCents ?? 0),
        unpaid: (data?.unpaid ?? []).map((invoice) => ({ number: invoice.invoiceNumber, line: t.unpaidLine(invoice.invoiceNumber, formatEuros(invoice.openCents)), workDate: formatDate(invoice.workDate) })),
        downloadable: state !== "not_yet" && customer.customerId !== null,
      };
    }),
  );
  return { cards, years: statementYears(today), chosen: chosen ?? current };
}

export const meta: MetaFunction = () => [{ title: `${t.pageTitle} – Arkikaveri` }];

type Card = Awaited<ReturnType<typeof loader>>["cards"][number];

function YearCard({ card }: { card: Card }) {
  const headingId = `vuosi-${card.year}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border-2 border-gray-200 bg-white p-5">
      <h2 id={headingId} className="text-2xl font-bold text-gray-900">
        {t.yearHeading(card.year)}
      </h2>
      {card.state === "so_far" ? (
        <Alert type="warning" announce={false}>
          <p>{t.notFinal}</p>
        </Alert>
      ) : card.state === "not_yet" ? (
        <p>{t.notYet(card.year)}</p>
      ) : (
        <p>{t.final(card.year)}</p>
      )}
      {card.state === "not_yet" ? null : (
        <>
          {card.rows === 0 ? (
            <p>{t.noPayments(card.year)}</p>
          ) : (
            <dl className="grid gap-3 sm:grid-cols-3">
              <div>
                <dt className="font-semibold">{t.paidTotal}</dt>
                <dd className="text-2xl font-bold text-brand-900">{card.total}</dd>
                <dd>{t.paymentsCount(card.payments)}</dd>
              </div>
              <div>
                <dt className="font-semibold">{t.workTotal}</dt>
                <dd className="text-2xl font-bold text-brand-900">{card.work}</dd>
              </div>
              <div>
                <dt className="font-semibold">{t.estimate}</dt>
                <dd className="text-2xl font-bold text-brand-900">{card.estimate}</dd>
              </div>
            </dl>
          )}
          <p className="text-gray-800">{t.estimateNote}</p>
          {card.unpaid.length > 0 ? (
            <div className="space-y-2">
              <h3 className="text-xl font-bold">{t.unpaidHeading}</h3>
              <p>{t.unpaidNote}</p>
              <ul className="list-disc space-y-1 pl-6">
                {card.unpaid.map((invoice) => (
                  <li key={invoice.number}>{invoice.line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {card.downloadable ? (
            <Form method="post" action={statementPdfPath(card.year)} reloadDocument className="space-y-2">
              <button type="submit" className={buttonClassName("primary")}>
                {t.download(card.year)}
              </button>
              <p className="text-gray-800">{t.downloadNote}</p>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}

export default function VerotiedotPage() {
  const { cards, years, chosen } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <h1 className="text-4xl font-bold text-brand-900">{t.pageTitle}</h1>
        <p className="max-w-prose">{t.intro}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor="vuosi" className={labelClass}>
            {t.yearLabel}
          </label>
          <select id="vuosi" name="vuosi" defaultValue={String(chosen)} className={controlClass(false, "w-40")}>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClassName("secondary")}>
          {t.showYear}
        </button>
      </Form>
      {cards.map((card) => (
        <YearCard key={card.year} card={card} />
      ))}
    </div>
  );
}
