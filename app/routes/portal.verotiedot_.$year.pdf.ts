import type { ActionFunctionArgs } from "@remix-run/node";
import { requireCustomer } from "~/auth/guards.server";
import { pdfDownload } from "~/booking/invoice-download.server";
import { getDb } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import { parseStatementYear, statementState } from "~/domain/household-deduction";
import { householdStatementTexts as t } from "~/messages/household-statement";
import { now } from "~/services/clock.server";
import { issueStatement } from "~/services/household-statement.server";

// The household-deduction statement PDF of a year (decision 0028): always the signed-in customer's
// own (the address names no payer), drawn from the data as it stands and recorded as a version.
// A POST, because it writes that record; the page's form sends it. A GET is answered 405 by Remix.

export async function action({ request, params }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const today = helsinkiToday(now());
  const year = parseStatementYear(params.year, today);
  if (year === null || statementState(year, today) === "not_yet" || !customer.customerId) {
    throw new Response(t.notFound, { status: 404 });
  }
  const issued = await issueStatement(await getDb(), customer.customerId, year);
  if (!issued) throw new Response(t.notFound, { status: 404 });
  return pdfDownload(issued.pdf, issued.fileName);
}
