import type { LoaderFunctionArgs } from "@remix-run/node";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { periodOf } from "~/backoffice/payments.server";
import { REPORT_DEFAULT_DAYS, REPORT_IDS, loadReports, type ReportId } from "~/backoffice/reports.server";
import { notFound } from "~/backoffice/staff.server";
import { getDb } from "~/db.server";
import { toCsv } from "~/domain/csv";

// One section of the reports page as CSV for Finnish Excel: ?lista=viikot|kuukaudet|palvelut|
// kaupungit|tunnit|kaverit|peruutukset (weekly sales when none is named), same period as the page.

function isReportId(value: string): value is ReportId {
  return (REPORT_IDS as readonly string[]).includes(value);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.reports);
  const params = new URL(request.url).searchParams;
  const list = params.get("lista") ?? "viikot";
  if (!isReportId(list)) throw notFound();
  const { from, to, period } = periodOf(params, new Date(), { defaultDays: REPORT_DEFAULT_DAYS });
  const section = (await loadReports(await getDb(), period)).find((candidate) => candidate.id === list)!;
  const headers = section.columns.map((column, index) => column || (index === 0 ? "Ryhmä" : ""));
  return new Response(toCsv(headers, section.rows.map((row) => row.csv)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${list}-${from}-${to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
