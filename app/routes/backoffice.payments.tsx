import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { invoicePaymentAction } from "~/backoffice/invoice-payment.server";
import { backofficeReturnPath, badForm, requireStaffActor } from "~/backoffice/staff.server";
import { askToConfirm, isConfirmed } from "~/backoffice/confirm.server";
import { ConfirmStep, isConfirmReply } from "~/components/backoffice/confirm-step";
import { InvoicePaymentForm } from "~/components/backoffice/invoice-payment-form";
import { SubmitButton } from "~/components/button";
import {
  Cell,
  DateRangeFilter,
  EmptyState,
  FilterForm,
  FilterNotices,
  PageHeading,
  Pager,
  ResponsiveTable,
  Row,
  Section,
  SelectFilter,
  StatCards,
  inlineLinkClass,
} from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { helsinkiToday, isIsoDate } from "~/domain/booking-window";
import { formatDate, formatDateTime, formatEuros } from "~/domain/format";
import { invoicePaymentState, openBalanceCents, payableCents, remainingAmountInput } from "~/domain/invoice-payment";
import { isUuid } from "~/domain/uuid";
import { invoicePaymentTexts } from "~/messages/backoffice";
import { confirmTexts, paymentListTexts } from "~/messages/backoffice-money";
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  listPageLinks,
  listPageOf,
  paymentListFilters,
  periodOf,
  type CsvList,
} from "~/backoffice/payments.server";
import {
  getMoneyFigures,
  listOpenInvoices,
  listPaymentTransactions,
  listPayouts,
  listPendingPayouts,
  listSettlement,
  summarizePendingPayouts,
} from "~/models/backoffice-payments.server";
import { PAYMENT_STATUS_LABELS, PAYOUT_STATUS_LABELS } from "~/messages/statuses";
import { payPayouts, sendInvoiceReminder, type InvoiceKind } from "~/services/backoffice-money.server";
import { now as clockNow } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { markSeriesInvoicePaidByStaff, openSeriesInvoicesView } from "~/services/series-invoices.server";
import { seriesInvoiceBackofficeTexts } from "~/messages/series-invoices";

// Money for admins (issue 14 "Payments"; DESIGN.md decisions 2 and 18): the period's figures,
// each helper's settlement, the payouts to pay (one by one or all at once) and the open invoices
// to mark paid, in full or in parts (a date and an amount each). Every list downloads as CSV for Finnish Excel (backoffice.payments_.csv.ts).

const LIST_PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.payments);
  const db = await getDb();
  // The period and what is overdue follow time: the server's one clock (decision 0018), as the reminder reads it.
  const now = clockNow();
  const params = new URL(request.url).searchParams;
  const { from, to, notices, filtered, period } = periodOf(params, now);
  const today = helsinkiToday(now);
  const filters = paymentListFilters(params);
  const transactionsPage = listPageOf(params, "maksut");
  const payoutsPage = listPageOf(params, "tilitykset");
  const [figures, settlement, payouts, invoices, transactionRows, payoutRows] = await Promise.all([
    getMoneyFigures(db, period),
    listSettlement(db, period),
    listPendingPayouts(db),
    listOpenInvoices(db, today),
    listPaymentTransactions(db, filters.payments, transactionsPage, LIST_PAGE_SIZE),
    listPayouts(db, filters.payouts, payoutsPage, LIST_PAGE_SIZE),
  ]);
  const search = new URLSearchParams();
  if (filtered) {
    search.set("alkaen", from);
    search.set("asti", to);
  }
  const csvHref = (list: CsvList) => `/backoffice/payments/csv?${new URLSearchParams([...search, ["lista", list]])}`;
  const listFilterQuery = new URLSearchParams();
  if (filters.payments.status) listFilterQuery.set("maksun_tila", filters.payments.status);
  if (filters.payments.method) listFilterQuery.set("maksutapa", filters.payments.method);
  if (filters.payouts.status) listFilterQuery.set("tilityksen_tila", filters.payouts.status);
  const listCsvHref = (list: CsvList) => `/backoffice/payments/csv?${new URLSearchParams([...listFilterQuery, ["lista", list]])}`;
  const transactions = listPageLinks(params, "maksut", "transactions-heading", transactionRows, LIST_PAGE_SIZE, transactionsPage, (row) => row.cursor);
  const allPayouts = listPageLinks(params, "tilitykset", "all-payouts-heading", payoutRows, LIST_PAGE_SIZE, payoutsPage, (row) => row.cursor);
  const t = paymentListTexts;
  return {
    lists: {
      // Each list's filter form keeps everything else in the address as hidden fields.
      keep: [...params].filter(([name]) => !["maksun_tila", "maksutapa", "tilityksen_tila"].includes(name) && !/_(jalkeen|ennen)$/.test(name)),
      filters: { paymentStatus: filters.payments.status ?? "", method: filters.payments.method ?? "", payoutStatus: filters.payouts.status ?? "" },
      paymentStatusOptions: PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] })),
      methodOptions: PAYMENT_METHODS.map((value) => ({ value, label: t.methods[value] })),
      payoutStatusOptions: PAYOUT_STATUSES.map((value) => ({ value, label: PAYOUT_STATUS_LABELS[value] })),
      transactions: {
        rows: transactions.rows.map((row) => ({
          id: row.id,
          date: formatDateTime(row.createdAt),
          amount: formatEuros(row.amountCents),
          method: row.provider === "invoice" ? t.methods.invoice : row.method ? t.methods[row.method] : "–",
          status: PAYMENT_STATUS_LABELS[row.status],
          refunded: row.status === "refunded" && row.refundedCents !== null ? t.refunded(formatEuros(row.refundedCents)) : null,
          orderNumber: row.orderNumber,
          orderHref: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}/maksu`,
          customerName: row.customerName,
        })),
        pager: { next: transactions.next, previous: transactions.previous, first: transactions.first },
        csv: listCsvHref("maksutapahtumat"),
      },
      payouts: {
        rows: allPayouts.rows.map((row) => ({
          id: row.id,
          date: formatDate(row.createdAt),
          caregiverName: row.caregiverName,
          orderNumber: row.orderNumber,
          orderHref: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}/maksu`,
          amount: formatEuros(row.amountCents),
          status: row.paidAt ? `${PAYOUT_STATUS_LABELS[row.status]} ${formatDate(row.paidAt)}` : PAYOUT_STATUS_LABELS[row.status],
        })),
        pager: { next: allPayouts.next, previous: allPayouts.previous, first: allPayouts.first },
        csv: listCsvHref("tilitykset"),
      },
    },
    form: { from, to },
    filtered,
    notices,
    here: `/backoffice/payments${search.size ? `?${search}` : ""}`,
    periodLabel: `${formatDate(from)}–${formatDate(to)}`,
    today,
    cards: [
      { label: "Myynti", value: formatEuros(figures.revenueCents), detail: `${figures.completedOrders} valmista tilausta` },
      { label: "Palvelumaksut", value: formatEuros(figures.platformFeeCents), detail: "Arkikaverin osuus ilman alv:tä" },
      { label: "Kavereiden ansiot", value: formatEuros(figures.caregiverEarningsCents), detail: "valmiista tilauksista" },
      { label: "Maksettu kavereille", value: formatEuros(figures.paidOutCents), detail: "kauden aikana merkityt tilitykset" },
    ],
    settlement: settlement.map((row) => ({
      key: row.caregiverId,
      name: row.name,
      href: `/backoffice/caregivers/${row.caregiverId}`,
      orders: String(row.orders),
      hours: `${row.hours} h`,
      earnings: formatEuros(row.earningsCents),
      unpaid: row.unpaidCents > 0 ? formatEuros(row.unpaidCents) : "Maksettu",
    })),
    payouts: payouts.map((row) => ({
      id: row.id,
      caregiverName: row.caregiverName,
      orderNumber: row.orderNumber,
      orderHref: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}/maksu`,
      amount: formatEuros(row.amountCents),
      completed: row.completedAt ? formatDate(row.completedAt) : "",
    })),
    payoutsTotal: formatEuros(payouts.reduce((total, row) => total + row.amountCents, 0)),
    // Bulk payment covers exactly the payouts on screen now, not ones created while reading.
    payoutsCreatedBefore: payouts.length ? new Date(Math.max(...payouts.map((row) => row.createdAt.getTime())) + 1).toISOString() : null,
    invoices: invoices.map((row) => ({
      id: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      orderNumber: row.orderNumber,
      orderHref: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}/maksu`,
      customerName: row.customerName,
      amount: formatEuros(row.amountCents),
      credited: row.creditedCents > 0 ? invoicePaymentTexts.credited(formatEuros(row.creditedCents)) : null,
      partial:
        invoicePaymentState(row) === "partial" ? invoicePaymentTexts.partial(formatEuros(row.paidCents), formatEuros(payableCents(row))) : null,
      balance: invoicePaymentTexts.balance(formatEuros(openBalanceCents(row))),
      // The form starts with what is still unpaid, as '120,00'.
      remaining: remainingAmountInput(row),
      dueDate: formatDate(row.dueDate),
      overdue: row.overdue,
      reminderSent: row.reminderSentAt ? invoicePaymentTexts.reminderSent(formatDate(row.reminderSentAt)) : null,
    })),
    csv: { settlement: csvHref("tilitys"), payouts: csvHref("maksamattomat"), invoices: csvHref("laskut"), seriesInvoices: csvHref("kuukausilaskut") },
    // The monthly invoices of series paid by invoice (docs/decisions/0039), marked paid in full.
    seriesInvoices: await openSeriesInvoicesView(db, today),
  };
}

export const meta: MetaFunction = () => [{ title: "Maksut – Hallintapaneeli – Arkikaveri" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.payments);
  const db = await getDb();
  const formData = await request.formData();
  const back = backofficeReturnPath(formData.get("returnTo"), "/backoffice/payments");
  switch (formData.get("intent")) {
    case "payout": {
      const id = formData.get("payoutId");
      if (!isUuid(id)) throw badForm();
      if (!isConfirmed(formData)) {
        const payout = await summarizePendingPayouts(db, { ids: [id] });
        if (payout.count === 0) return redirectWithToast(request, back, { type: "info", title: "Tilitys oli jo merkitty maksetuksi" });
        const amount = formatEuros(payout.amountCents);
        return askToConfirm(formData, {
          title: confirmTexts.payout.title,
          lines: confirmTexts.payout.lines(payout.caregiverName ?? "", payout.orderNumber ?? "", amount),
          confirmLabel: confirmTexts.payout.confirm(amount),
          cancelHref: back,
        });
      }
      const paid = await payPayouts(db, actor, { ids: [id] });
      return redirectWithToast(request, back, paid.count
        ? { type: "success", title: "Tilitys merkitty maksetuksi", description: formatEuros(paid.amountCents) }
        : { type: "info", title: "Tilitys oli jo merkitty maksetuksi" });
    }
    case "payouts": {
      const before = new Date(String(formData.get("createdBefore") ?? ""));
      if (Number.isNaN(before.getTime())) throw badForm();
      if (!isConfirmed(formData)) {
        const payouts = await summarizePendingPayouts(db, { createdBefore: before });
        if (payouts.count === 0) return redirectWithToast(request, back, { type: "info", title: confirmTexts.nothingToPay });
        const amount = formatEuros(payouts.amountCents);
        return askToConfirm(formData, {
          title: confirmTexts.payouts.title(payouts.count),
          lines: confirmTexts.payouts.lines(payouts.count, amount),
          confirmLabel: confirmTexts.payouts.confirm(payouts.count, amount),
          cancelHref: back,
        });
      }
      const paid = await payPayouts(db, actor, { createdBefore: before });
      return redirectWithToast(request, back, {
        type: "success",
        title: `${paid.count} ${paid.count === 1 ? "tilitys" : "tilitystä"} merkitty maksetuksi`,
        description: formatEuros(paid.amountCents),
      });
    }
    case "invoice":
      return invoicePaymentAction(request, db, actor, formData, back);
    case "series-invoice": {
      const invoiceId = formData.get("invoiceId");
      if (!isUuid(invoiceId)) throw badForm();
      const paidOn = String(formData.get("paidOn") ?? "").trim();
      if (!isIsoDate(paidOn) || paidOn > helsinkiToday(clockNow())) {
        return { seriesInvoiceError: { invoiceId, paidOn, message: seriesInvoiceBackofficeTexts.badDate } };
      }
      const paid = await markSeriesInvoicePaidByStaff(db, actor, { invoiceId, paidOn });
      return redirectWithToast(request, back, paid
        ? { type: "success", title: seriesInvoiceBackofficeTexts.done(paid.invoiceNumber), description: formatEuros(paid.amountCents) }
        : { type: "info", title: seriesInvoiceBackofficeTexts.notOpen });
    }
    case "reminder": {
      const invoiceId = formData.get("invoiceId");
      // A form of before the monthly invoices' reminders has no kind: a single invoice's.
      const kind = formData.get("kind") ?? "single";
      if (!isUuid(invoiceId) || (kind !== "single" && kind !== "monthly")) throw badForm();
      const sent = await sendInvoiceReminder(db, actor, { invoiceId, kind, now: clockNow() });
      if (!sent.ok) {
        if (sent.reason === "already_today") return redirectWithToast(request, back, { type: "info", title: invoicePaymentTexts.reminderAlreadyToday });
        return redirectWithToast(request, back, { type: "error", title: invoicePaymentTexts.reminderNotOverdue });
      }
      return redirectWithToast(request, back, { type: "success", title: invoicePaymentTexts.reminderDone(sent.invoiceNumber), description: sent.to });
    }
    default:
      throw badForm();
  }
}

function CsvLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className={inlineLinkClass} download>
      {children}
    </a>
  );
}

/** A list's GET filter: the other list's filters and the period ride along as hidden fields. */
function ListFilterForm({ keep, listName, children }: { keep: Array<[string, string]>; listName: string; children: ReactNode }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      {keep.map(([name, value]) => (
        <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
      ))}
      {children}
      <SubmitButton variant="secondary" busyLabel="Haetaan…">
        <span>
          {paymentListTexts.filterButton}
          <span className="sr-only"> {listName}</span>
        </span>
      </SubmitButton>
    </Form>
  );
}

export default function PaymentsPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // A money action waiting for its confirmation is a page of its own: the question and nothing else.
  if (isConfirmReply(reply)) return <ConfirmStep confirm={reply.confirm} />;
  return (
    <div className="max-w-6xl space-y-8">
      <PageHeading title="Maksut">Valmiiden tilausten luvut ja tilitykset ajalta {data.periodLabel}.</PageHeading>
      <FilterForm label="Maksujen aikaväli" clearHref="/backoffice/payments" filtered={data.filtered} className="sm:grid-cols-3">
        <DateRangeFilter idPrefix="maksut" fromLabel="Valmistunut alkaen" toLabel="Valmistunut asti" from={data.form.from} to={data.form.to} />
      </FilterForm>
      <FilterNotices notices={data.notices} />
      <StatCards label="Kauden luvut" cards={data.cards} />

      <Section title="Tilitys kavereittain" id="settlement-heading" actions={<CsvLink href={data.csv.settlement}>Lataa CSV</CsvLink>}>
        {data.settlement.length === 0 ? (
          <EmptyState>Ei valmiita tilauksia valitulla aikavälillä.</EmptyState>
        ) : (
          <ResponsiveTable caption="Tilitys kavereittain" headers={["Kaveri", "Tilauksia", "Tunteja", "Ansiot", "Maksamatta"]}>
            {data.settlement.map((row) => (
              <Row key={row.key}>
                <Cell label="Kaveri">
                  <Link to={row.href} className={inlineLinkClass}>
                    {row.name}
                  </Link>
                </Cell>
                <Cell label="Tilauksia">{row.orders}</Cell>
                <Cell label="Tunteja">{row.hours}</Cell>
                <Cell label="Ansiot">{row.earnings}</Cell>
                <Cell label="Maksamatta">{row.unpaid}</Cell>
              </Row>
            ))}
          </ResponsiveTable>
        )}
      </Section>

      <Section title="Maksamattomat tilitykset" id="payouts-heading" actions={<CsvLink href={data.csv.payouts}>Lataa CSV</CsvLink>}>
        {data.payouts.length === 0 ? (
          <EmptyState>Kaikki tilitykset on maksettu.</EmptyState>
        ) : (
          <>
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="returnTo" value={data.here} />
              <input type="hidden" name="createdBefore" value={data.payoutsCreatedBefore ?? ""} />
              <SubmitButton name="intent" value="payouts" busyLabel="Merkitään…">
                {`Merkitse kaikki ${data.payouts.length} maksetuiksi (${data.payoutsTotal})`}
              </SubmitButton>
              <span className="text-gray-700">Merkitse, kun olet maksanut tilitykset pankista.</span>
            </Form>
            <ResponsiveTable caption="Maksamattomat tilitykset" headers={["Kaveri", "Tilaus", "Summa", "Valmistui", "Toiminnot"]}>
              {data.payouts.map((row) => (
                <Row key={row.id}>
                  <Cell label="Kaveri">{row.caregiverName}</Cell>
                  <Cell label="Tilaus">
                    <Link to={row.orderHref} className={inlineLinkClass}>
                      {row.orderNumber}
                    </Link>
                  </Cell>
                  <Cell label="Summa">{row.amount}</Cell>
                  <Cell label="Valmistui">{row.completed}</Cell>
                  <Cell label="Toiminnot">
                    <Form method="post">
                      <input type="hidden" name="returnTo" value={data.here} />
                      <input type="hidden" name="payoutId" value={row.id} />
                      <SubmitButton name="intent" value="payout" variant="secondary" busyLabel="Merkitään…">
                        <span>
                          Merkitse maksetuksi<span className="sr-only">: {row.caregiverName}, {row.orderNumber}</span>
                        </span>
                      </SubmitButton>
                    </Form>
                  </Cell>
                </Row>
              ))}
            </ResponsiveTable>
          </>
        )}
      </Section>

      <Section title="Avoimet laskut" id="invoices-heading" actions={<CsvLink href={data.csv.invoices}>Lataa CSV</CsvLink>}>
        {data.invoices.length === 0 ? (
          <EmptyState>Ei avoimia laskuja.</EmptyState>
        ) : (
          <ResponsiveTable caption="Avoimet laskut" headers={["Lasku", "Asiakas", "Summa", "Eräpäivä", "Kirjaa maksu"]}>
            {data.invoices.map((row) => (
              <Row key={row.id} highlight={row.overdue}>
                <Cell label="Lasku">
                  <Link to={row.orderHref} className={inlineLinkClass}>
                    {row.invoiceNumber} ({row.orderNumber})
                  </Link>
                </Cell>
                <Cell label="Asiakas">{row.customerName}</Cell>
                <Cell label="Summa">
                  {row.amount}
                  {row.credited ? <span className="block text-gray-700">{row.credited}</span> : null}
                  {row.partial ? <span className="block font-semibold text-amber-900">{row.partial}</span> : null}
                  <span className="block font-semibold">{row.balance}</span>
                </Cell>
                <Cell label="Eräpäivä">
                  {row.dueDate}
                  {row.overdue ? <span className="block font-semibold text-red-800">Erääntynyt</span> : null}
                  {row.reminderSent ? <span className="block text-gray-700">{row.reminderSent}</span> : null}
                  {row.overdue ? <ReminderForm kind="single" invoiceId={row.id} invoiceNumber={row.invoiceNumber} here={data.here} /> : null}
                </Cell>
                <Cell label="Kirjaa maksu">
                  {/* Keyed by what is unpaid: after a partial payment the form starts again from the new rest. */}
                  <InvoicePaymentForm key={`${row.id}-${row.remaining}`} invoice={row} today={data.today} returnTo={data.here} />
                </Cell>
              </Row>
            ))}
          </ResponsiveTable>
        )}
      </Section>

      <SeriesInvoicesSection rows={data.seriesInvoices} csvHref={data.csv.seriesInvoices} today={data.today} here={data.here} reply={reply} />
      <Section title={paymentListTexts.paymentsTitle} id="transactions-heading" actions={<CsvLink href={data.lists.transactions.csv}>Lataa CSV</CsvLink>}>
        <ListFilterForm keep={[...data.lists.keep, ["tilityksen_tila", data.lists.filters.payoutStatus]]} listName="maksutapahtumat">
          <SelectFilter id="maksun-tila" label={paymentListTexts.statusFilter} name="maksun_tila" defaultValue={data.lists.filters.paymentStatus} options={data.lists.paymentStatusOptions} />
          <SelectFilter id="maksutapa" label={paymentListTexts.methodFilter} name="maksutapa" defaultValue={data.lists.filters.method} options={data.lists.methodOptions} />
        </ListFilterForm>
        {data.lists.transactions.rows.length === 0 ? (
          <EmptyState>{paymentListTexts.noPayments}</EmptyState>
        ) : (
          <ResponsiveTable caption={paymentListTexts.paymentsTitle} headers={["Päivä", "Summa", "Maksutapa", "Tila", "Tilaus", "Asiakas"]}>
            {data.lists.transactions.rows.map((row) => (
              <Row key={row.id}>
                <Cell label="Päivä">{row.date}</Cell>
                <Cell label="Summa">{row.amount}</Cell>
                <Cell label="Maksutapa">{row.method}</Cell>
                <Cell label="Tila">
                  {row.status}
                  {row.refunded ? <span className="block text-gray-700">{row.refunded}</span> : null}
                </Cell>
                <Cell label="Tilaus">
                  <Link to={row.orderHref} className={inlineLinkClass}>
                    {row.orderNumber}
                  </Link>
                </Cell>
                <Cell label="Asiakas">{row.customerName}</Cell>
              </Row>
            ))}
          </ResponsiveTable>
        )}
        <Pager label="Maksutapahtumien sivut" {...data.lists.transactions.pager} />
      </Section>

      <Section title={paymentListTexts.payoutsTitle} id="all-payouts-heading" actions={<CsvLink href={data.lists.payouts.csv}>Lataa CSV</CsvLink>}>
        <ListFilterForm
          keep={[...data.lists.keep, ["maksun_tila", data.lists.filters.paymentStatus], ["maksutapa", data.lists.filters.method]]}
          listName="tilitykset"
        >
          <SelectFilter id="tilityksen-tila" label={paymentListTexts.statusFilter} name="tilityksen_tila" defaultValue={data.lists.filters.payoutStatus} options={data.lists.payoutStatusOptions} />
        </ListFilterForm>
        {data.lists.payouts.rows.length === 0 ? (
          <EmptyState>{paymentListTexts.noPayouts}</EmptyState>
        ) : (
          <ResponsiveTable caption={paymentListTexts.payoutsTitle} headers={["Luotu", "Kaveri", "Tilaus", "Summa", "Tila"]}>
            {data.lists.payouts.rows.map((row) => (
              <Row key={row.id}>
                <Cell label="Luotu">{row.date}</Cell>
                <Cell label="Kaveri">{row.caregiverName}</Cell>
                <Cell label="Tilaus">
                  <Link to={row.orderHref} className={inlineLinkClass}>
                    {row.orderNumber}
                  </Link>
                </Cell>
                <Cell label="Summa">{row.amount}</Cell>
                <Cell label="Tila">{row.status}</Cell>
              </Row>
            ))}
          </ResponsiveTable>
        )}
        <Pager label="Tilitysten sivut" {...data.lists.payouts.pager} />
      </Section>
    </div>
  );
}

/** "Lähetä muistutus" of an overdue invoice, single or monthly: a plain post, answered by a redirect and a toast. */
function ReminderForm({ kind, invoiceId, invoiceNumber, here }: { kind: InvoiceKind; invoiceId: string; invoiceNumber: number; here: string }) {
  return (
    <Form method="post" className="mt-2">
      <input type="hidden" name="returnTo" value={here} />
      <input type="hidden" name="invoiceId" value={invoiceId} />
      <input type="hidden" name="kind" value={kind} />
      <SubmitButton name="intent" value="reminder" variant="secondary" busyLabel="Lähetetään…">
        <span>
          Lähetä muistutus<span className="sr-only"> laskusta {invoiceNumber}</span>
        </span>
      </SubmitButton>
    </Form>
  );
}

/** The open monthly invoices of series, each with its "paid on" day (decision 0039). */
function SeriesInvoicesSection({
  rows,
  csvHref,
  today,
  here,
  reply,
}: {
  rows: Array<{
    id: string;
    invoiceNumber: number;
    month: string;
    customerName: string;
    visits: number;
    amount: string;
    balance: string;
    dueDate: string;
    overdue: boolean;
    reminderSent: string | null;
    creditNotes: Array<{ creditNoteNumber: number; orderNumber: string; pdfHref: string }>;
  }>;
  csvHref: string;
  today: string;
  here: string;
  reply: unknown;
}) {
  const t = seriesInvoiceBackofficeTexts;
  const error = reply && typeof reply === "object" && "seriesInvoiceError" in reply ? (reply as { seriesInvoiceError: { invoiceId: string; paidOn: string; message: string } }).seriesInvoiceError : null;
  return (
    <Section title={t.title} id="series-invoices-heading" actions={<CsvLink href={csvHref}>Lataa CSV</CsvLink>}>
      {rows.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ResponsiveTable caption={t.title} headers={[...t.headers]}>
          {rows.map((row) => {
            const rowError = error?.invoiceId === row.id ? error : null;
            const fieldId = `kuukausilasku-${row.id}-maksupaiva`;
            return (
              <Row key={row.id} highlight={row.overdue}>
                <Cell label={t.headers[0]}>{t.invoice(row.invoiceNumber, row.month, row.visits)}</Cell>
                <Cell label={t.headers[1]}>{row.customerName}</Cell>
                <Cell label={t.headers[2]}>
                  {row.amount}
                  <span className="block font-semibold">{t.balance(row.balance)}</span>
                  {row.creditNotes.map((note) => (
                    <span key={note.creditNoteNumber} className="block">
                      <a href={note.pdfHref} className={inlineLinkClass} download>
                        {t.creditNote(note.creditNoteNumber, note.orderNumber)}
                      </a>
                    </span>
                  ))}
                </Cell>
                <Cell label={t.headers[3]}>
                  {row.dueDate}
                  {row.overdue ? <span className="block font-semibold text-red-800">{t.overdue}</span> : null}
                  {row.reminderSent ? <span className="block text-gray-700">{row.reminderSent}</span> : null}
                  {row.overdue ? <ReminderForm kind="monthly" invoiceId={row.id} invoiceNumber={row.invoiceNumber} here={here} /> : null}
                </Cell>
                <Cell label={t.headers[4]}>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="series-invoice" />
                    <input type="hidden" name="invoiceId" value={row.id} />
                    <input type="hidden" name="returnTo" value={here} />
                    <div className="flex flex-col gap-1">
                      <label htmlFor={fieldId} className="font-semibold">
                        {t.paidOn}
                        <span className="sr-only">{t.forInvoice(row.invoiceNumber)}</span>
                      </label>
                      {rowError ? (
                        <p id={`${fieldId}-virhe`} className="font-semibold text-red-800" role="alert">
                          {rowError.message}
                        </p>
                      ) : null}
                      <input
                        id={fieldId}
                        name="paidOn"
                        type="date"
                        required
                        max={today}
                        defaultValue={rowError?.paidOn ?? today}
                        aria-invalid={rowError ? true : undefined}
                        aria-describedby={rowError ? `${fieldId}-virhe` : undefined}
                        className="min-h-target rounded border-2 border-gray-500 px-2"
                      />
                    </div>
                    <SubmitButton variant="secondary" busyLabel={t.busy}>
                      <span>
                        {t.submit}
                        <span className="sr-only">{t.forInvoice(row.invoiceNumber)}</span>
                      </span>
                    </SubmitButton>
                  </Form>
                </Cell>
              </Row>
            );
          })}
        </ResponsiveTable>
      )}
    </Section>
  );
}
