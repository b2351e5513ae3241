import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { invoicePaymentAction } from "~/backoffice/invoice-payment.server";
import { backofficeReturnPath, badForm, requireStaffActor } from "~/backoffice/staff.server";
import { InvoicePaymentForm } from "~/components/backoffice/invoice-payment-form";
import { SubmitButton } from "~/components/button";
import {
  Cell,
  DateRangeFilter,
  EmptyState,
  FilterForm,
  FilterNotices,
  PageHeading,
  ResponsiveTable,
  Row,
  Section,
  StatCards,
  inlineLinkClass,
} from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import { formatDate, formatEuros } from "~/domain/format";
import { invoicePaymentState, remainingAmountInput } from "~/domain/invoice-payment";
import { isUuid } from "~/domain/uuid";
import { invoicePaymentTexts } from "~/messages/backoffice";
import { periodOf, type CsvList } from "~/backoffice/payments.server";
import { getMoneyFigures, listOpenInvoices, listPendingPayouts, listSettlement } from "~/models/backoffice-payments.server";
import { payPayouts, sendInvoiceReminder } from "~/services/backoffice-money.server";
import { redirectWithToast } from "~/services/flash.server";

// Money for admins (issue 14 "Payments"; DESIGN.md decisions 2 and 18): the period's figures,
// each helper's settlement, the payouts to pay (one by one or all at once) and the open invoices
// to mark paid, in full or in parts (a date and an amount each). Every list downloads as CSV for Finnish Excel (backoffice.payments_.csv.ts).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.payments);
  const db = await getDb();
  const now = new Date();
  const params = new URL(request.url).searchParams;
  const { from, to, notices, filtered, period } = periodOf(params, now);
  const today = helsinkiToday(now);
  const [figures, settlement, payouts, invoices] = await Promise.all([
    getMoneyFigures(db, period),
    listSettlement(db, period),
    listPendingPayouts(db),
    listOpenInvoices(db, today),
  ]);
  const search = new URLSearchParams();
  if (filtered) {
    search.set("alkaen", from);
    search.set("asti", to);
  }
  const csvHref = (list: CsvList) => `/backoffice/payments/csv?${new URLSearchParams([...search, ["lista", list]])}`;
  return {
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
      partial:
        invoicePaymentState(row) === "partial" ? invoicePaymentTexts.partial(formatEuros(row.paidCents), formatEuros(row.amountCents)) : null,
      // The form starts with what is still unpaid, as '120,00'.
      remaining: remainingAmountInput(row),
      dueDate: formatDate(row.dueDate),
      overdue: row.overdue,
      reminderSent: row.reminderSentAt ? invoicePaymentTexts.reminderSent(formatDate(row.reminderSentAt)) : null,
    })),
    csv: { settlement: csvHref("tilitys"), payouts: csvHref("maksamattomat"), invoices: csvHref("laskut") },
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
      const paid = await payPayouts(db, actor, { ids: [id] });
      return redirectWithToast(request, back, paid.count
        ? { type: "success", title: "Tilitys merkitty maksetuksi", description: formatEuros(paid.amountCents) }
        : { type: "info", title: "Tilitys oli jo merkitty maksetuksi" });
    }
    case "payouts": {
      const before = new Date(String(formData.get("createdBefore") ?? ""));
      if (Number.isNaN(before.getTime())) throw badForm();
      const paid = await payPayouts(db, actor, { createdBefore: before });
      return redirectWithToast(request, back, {
        type: "success",
        title: `${paid.count} ${paid.count === 1 ? "tilitys" : "tilitystä"} merkitty maksetuksi`,
        description: formatEuros(paid.amountCents),
      });
    }
    case "invoice":
      return invoicePaymentAction(request, db, actor, formData, back);
    case "reminder": {
      const invoiceId = formData.get("invoiceId");
      if (!isUuid(invoiceId)) throw badForm();
      const sent = await sendInvoiceReminder(db, actor, { invoiceId });
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

export default function PaymentsPage() {
  const data = useLoaderData<typeof loader>();
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
                  {row.partial ? <span className="block font-semibold text-amber-900">{row.partial}</span> : null}
                </Cell>
                <Cell label="Eräpäivä">
                  {row.dueDate}
                  {row.overdue ? <span className="block font-semibold text-red-800">Erääntynyt</span> : null}
                  {row.reminderSent ? <span className="block text-gray-700">{row.reminderSent}</span> : null}
                  {row.overdue ? (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="returnTo" value={data.here} />
                      <input type="hidden" name="invoiceId" value={row.id} />
                      <SubmitButton name="intent" value="reminder" variant="secondary" busyLabel="Lähetetään…">
                        <span>
                          Lähetä muistutus<span className="sr-only"> laskusta {row.invoiceNumber}</span>
                        </span>
                      </SubmitButton>
                    </Form>
                  ) : null}
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
    </div>
  );
}

