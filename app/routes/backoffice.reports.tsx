import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { periodOf } from "~/backoffice/payments.server";
import { REPORT_DEFAULT_DAYS, loadReports } from "~/backoffice/reports.server";
import { BarChart } from "~/components/backoffice/bar-chart";
import { Cell, DateRangeFilter, EmptyState, FilterForm, FilterNotices, PageHeading, ResponsiveTable, Row, Section, inlineLinkClass } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { formatDate } from "~/domain/format";

// Reports for admins (issue 14 "Reports"): sales by week and month, orders by service, city and
// start-hour band, the helpers' booked hours and the cancellations over a chosen period (the last
// 90 days by default). Each section is an SVG bar chart drawn on the server with its numbers in a
// table under it, and a CSV download (backoffice.reports_.csv.ts).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.reports);
  const params = new URL(request.url).searchParams;
  const { from, to, notices, filtered, period } = periodOf(params, new Date(), { defaultDays: REPORT_DEFAULT_DAYS });
  const sections = await loadReports(await getDb(), period);
  const search = new URLSearchParams(filtered ? { alkaen: from, asti: to } : {});
  return {
    form: { from, to },
    filtered,
    notices,
    periodLabel: `${formatDate(from)}–${formatDate(to)}`,
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      columns: section.columns,
      measure: section.measure,
      empty: section.empty,
      rows: section.rows.map((row) => ({ label: row.label, cells: row.cells, value: row.value, display: row.display })),
      csvHref: `/backoffice/reports/csv?${new URLSearchParams([...search, ["lista", section.id]])}`,
    })),
  };
}

export const meta: MetaFunction = () => [{ title: "Raportit – Hallintapaneeli – Arkikaveri" }];

export default function ReportsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="max-w-5xl space-y-8">
      <PageHeading title="Raportit">Luvut ajalta {data.periodLabel}.</PageHeading>
      <FilterForm label="Raporttien aikaväli" clearHref="/backoffice/reports" filtered={data.filtered} className="sm:grid-cols-3">
        <DateRangeFilter idPrefix="raportit" fromLabel="Alkaen" toLabel="Asti" from={data.form.from} to={data.form.to} />
      </FilterForm>
      <FilterNotices notices={data.notices} />
      {data.sections.map((section) => (
        <Section
          key={section.id}
          title={section.title}
          id={`${section.id}-heading`}
          actions={
            <a href={section.csvHref} className={inlineLinkClass} download>
              Lataa CSV<span className="sr-only">: {section.title}</span>
            </a>
          }
        >
          {section.rows.length === 0 ? (
            <EmptyState>{section.empty}</EmptyState>
          ) : (
            <>
              <BarChart valueLabel={section.measure} rows={section.rows} />
              <ResponsiveTable caption={section.title} headers={section.columns.map((column, index) => column || (index === 0 ? "Ryhmä" : ""))}>
                {section.rows.map((row) => (
                  <Row key={row.label}>
                    {row.cells.map((cell, index) => (
                      <Cell key={index} label={section.columns[index] || "Ryhmä"}>
                        {cell}
                      </Cell>
                    ))}
                  </Row>
                ))}
              </ResponsiveTable>
            </>
          )}
        </Section>
      ))}
    </div>
  );
}
