import type { LoaderFunctionArgs } from "@remix-run/node";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { CSV_LISTS, paymentListFilters, periodOf, type CsvList } from "~/backoffice/payments.server";
import { notFound } from "~/backoffice/staff.server";
import { getDb } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import { csvAmount, toCsv } from "~/domain/csv";
import { formatDate, formatDateTime } from "~/domain/format";
import { paymentListTexts } from "~/messages/backoffice-money";
import { PAYMENT_STATUS_LABELS, PAYOUT_STATUS_LABELS } from "~/messages/statuses";
import { listOpenInvoices, listPaymentTransactions, listPayouts, listPendingPayouts, listSettlement } from "~/models/backoffice-payments.server";
import { listOpenSeriesInvoices } from "~/models/series-invoices.server";
import { invoiceMonthName } from "~/domain/series-invoice";
import { now as clockNow } from "~/services/clock.server";

// The payments page's lists as CSV for Finnish Excel (issue 14): ?lista=tilitys (the period's
// settlement per helper, also when no list is named), maksamattomat (payouts to pay), laskut (open
// invoices), kuukausilaskut (series' open monthly invoices, decision 0039), maksutapahtumat (payment transactions) or tilitykset (every payout), the last two
// with the page's filters (?maksun_tila, ?maksutapa, ?tilityksen_tila).

/** At most this many rows in one download (the newest). */
const CSV_ROWS = 10_000;

function csvResponse(name: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

function isCsvList(value: string | null): value is CsvList {
  return (CSV_LISTS as readonly string[]).includes(value ?? "");
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.payments);
  const db = await getDb();
  // The same clock as the payments page, so a download lists what the page shows.
  const now = clockNow();
  const params = new URL(request.url).searchParams;
  // Without a list named, the settlement (the one an accountant asks for).
  const list = params.get("lista") ?? "tilitys";
  if (!isCsvList(list)) throw notFound();
  const { from, to, period } = periodOf(params, now);
  const today = helsinkiToday(now);
  if (list === "tilitys") {
    const rows = await listSettlement(db, period, 10_000);
    return csvResponse(
      `tilitys-${from}-${to}`,
      toCsv(["Kaveri", "Tilauksia", "Tunteja", "Ansiot (€)", "Maksamatta (€)"], rows.map((r) => [r.name, r.orders, r.hours, csvAmount(r.earningsCents), csvAmount(r.unpaidCents)])),
    );
  }
  if (list === "maksamattomat") {
    const rows = await listPendingPayouts(db, 10_000);
    return csvResponse(
      `maksamattomat-tilitykset-${today}`,
      toCsv(["Kaveri", "Tilaus", "Summa (€)", "Valmistui"], rows.map((r) => [r.caregiverName, r.orderNumber, csvAmount(r.amountCents), r.completedAt ? formatDate(r.completedAt) : ""])),
    );
  }
  if (list === "laskut") {
    const rows = await listOpenInvoices(db, today, 10_000);
    return csvResponse(
      `avoimet-laskut-${today}`,
      toCsv(
        ["Lasku", "Tilaus", "Asiakas", "Summa (€)", "Maksettu (€)", "Eräpäivä", "Erääntynyt", "Muistutus lähetetty"],
        rows.map((r) => [
          r.invoiceNumber,
          r.orderNumber,
          r.customerName,
          csvAmount(r.amountCents),
          csvAmount(r.paidCents),
          formatDate(r.dueDate),
          r.overdue ? "kyllä" : "ei",
          r.reminderSentAt ? formatDate(r.reminderSentAt) : "",
        ]),
      ),
    );
  }
  if (list === "kuukausilaskut") {
    const rows = await listOpenSeriesInvoices(db, 10_000);
    return csvResponse(
      `avoimet-kuukausilaskut-${today}`,
      toCsv(
        ["Lasku", "Kuukausi", "Käyntejä", "Asiakas", "Summa (€)", "Hyvitetty (€)", "Eräpäivä", "Erääntynyt", "Muistutus lähetetty"],
        rows.map((r) => [
          r.invoiceNumber,
          invoiceMonthName(r.month),
          r.visits,
          r.customerName,
          csvAmount(r.amountCents),
          csvAmount(r.creditedCents),
          formatDate(r.dueDate),
          r.dueDate < today ? "kyllä" : "ei",
          r.reminderSentAt ? formatDate(r.reminderSentAt) : "",
        ]),
      ),
    );
  }
  const filters = paymentListFilters(params);
  if (list === "maksutapahtumat") {
    const rows = (await listPaymentTransactions(db, filters.payments, null, CSV_ROWS)).slice(0, CSV_ROWS);
    const methods = paymentListTexts.methods;
    return csvResponse(
      `maksutapahtumat-${today}`,
      toCsv(
        ["Päivä", "Summa (€)", "Maksutapa", "Tila", "Palautettu (€)", "Tilaus", "Asiakas"],
        rows.map((r) => [
          formatDateTime(r.createdAt),
          csvAmount(r.amountCents),
          r.provider === "invoice" ? methods.invoice : r.method ? methods[r.method] : "",
          PAYMENT_STATUS_LABELS[r.status],
          r.refundedCents !== null ? csvAmount(r.refundedCents) : "",
          r.orderNumber,
          r.customerName,
        ]),
      ),
    );
  }
  if (list === "tilitykset") {
    const rows = (await listPayouts(db, filters.payouts, null, CSV_ROWS)).slice(0, CSV_ROWS);
    return csvResponse(
      `tilitykset-${today}`,
      toCsv(
        ["Luotu", "Kaveri", "Tilaus", "Summa (€)", "Tila", "Maksettu"],
        rows.map((r) => [formatDate(r.createdAt), r.caregiverName, r.orderNumber, csvAmount(r.amountCents), PAYOUT_STATUS_LABELS[r.status], r.paidAt ? formatDate(r.paidAt) : ""]),
      ),
    );
  }
  throw notFound();
}
