import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { requireOrderOfPage } from "~/backoffice/order-page.server";
import { InvoicePaymentForm } from "~/components/backoffice/invoice-payment-form";
import { Cell, Facts, ResponsiveTable, Row, Section, inlineLinkClass } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { formatDate, formatDateTime, formatEuros } from "~/domain/format";
import { formatVatRate } from "~/domain/invoice";
import { invoicePaymentState, isInvoiceOpen, openBalanceCents, payableCents, remainingAmountInput } from "~/domain/invoice-payment";
import { helsinkiToday } from "~/domain/booking-window";
import { formatReferenceNumber } from "~/domain/reference-number";
import { invoicePaymentTexts } from "~/messages/backoffice";
import { paymentStatusLabel, payoutStatusLabel } from "~/messages/statuses";
import { listInvoicePayments } from "~/models/backoffice-payments.server";
import { findOrderInvoice, findOrderPayout, listOrderPayments } from "~/models/backoffice-orders.server";
import { findCreditNoteOfOrder, findOrderToCancel } from "~/models/order-cancellation.server";
import { now } from "~/services/clock.server";

// The order's money (spec 001 §2 "Payment"; DESIGN.md decision 2): gross, net, VAT 25,5 %,
// platform fee 20 %, the helper's share, the payment history, the invoice and its PDF.

const PROVIDER_LABELS: Record<string, string> = { local: "Testikassa", stripe: "Stripe", invoice: "Lasku" };
const METHOD_LABELS: Record<string, string> = { card: "kortti", mobilepay: "MobilePay", klarna: "Klarna", invoice: "lasku" };
const INVOICE_STATUS_LABELS: Record<string, string> = { open: "Avoin", paid: "Maksettu", cancelled: "Hyvitetty" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.orders);
  const db = await getDb();
  const order = await requireOrderOfPage(db, params);
  const [payments, invoice, payout, creditNote, cancellation] = await Promise.all([
    listOrderPayments(db, order.id),
    findOrderInvoice(db, order.id),
    findOrderPayout(db, order.id),
    findCreditNoteOfOrder(db, { orderId: order.id }),
    findOrderToCancel(db, order.id),
  ]);
  const invoicePayments = invoice ? await listInvoicePayments(db, invoice.id) : [];
  const invoicePaidCents = invoicePayments.reduce((total, payment) => total + payment.amountCents, 0);
  const balance = invoice ? { amountCents: invoice.amountCents, creditedCents: creditNote?.amountCents ?? 0, paidCents: invoicePaidCents } : null;
  const partlyPaid = invoice?.status === "open" && balance !== null && invoicePaymentState(balance) === "partial";
  const a = order.amounts;
  const today = helsinkiToday(now());
  // Recording a payment is the admin's (access.payments), as on the payments page.
  const canRecordPayment = invoice?.status === "open" && balance !== null && isInvoiceOpen(balance) && (access.payments as readonly string[]).includes(user.role);
  return {
    paymentForm:
      canRecordPayment && invoice
        ? {
            invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, remaining: remainingAmountInput(balance!) },
            today,
            returnTo: new URL(request.url).pathname,
          }
        : null,
    amounts: [
      { label: "Tuntihinta", value: `${formatEuros(a.unitPriceCents)} × ${order.durationHours} h = ${formatEuros(a.originalPriceCents)}` },
      ...(a.discountCents > 0
        ? [{ label: `Alennus${order.discountCode ? ` (${order.discountCode})` : ""}`, value: `−${formatEuros(a.discountCents)}` }]
        : []),
      { label: "Brutto (sis. alv)", value: formatEuros(a.totalPriceCents) },
      { label: "Netto (ilman alv)", value: formatEuros(a.netAmountCents) },
      { label: `Alv ${formatVatRate(a.vatRateBp)}`, value: formatEuros(a.vatAmountCents) },
      { label: `Palvelumaksu ${formatVatRate(a.commissionRateBp)} netosta`, value: formatEuros(a.platformFeeCents) },
      { label: "Kaverin osuus", value: formatEuros(a.caregiverEarningsCents) },
    ],
    method: order.paymentMethod === "invoice" ? "Lasku" : "Verkkomaksu",
    cancellationFee:
      cancellation?.status === "cancelled" && cancellation.cancellationFeeCents !== null
        ? cancellation.cancellationFeeCents > 0
          ? formatEuros(cancellation.cancellationFeeCents)
          : "Ei peruutusmaksua"
        : null,
    creditNote: creditNote
      ? {
          text: `Hyvityslasku ${creditNote.creditNoteNumber} (${formatDate(creditNote.issueDate)}): ${formatEuros(creditNote.amountCents)} laskusta ${creditNote.invoiceNumber}`,
          number: creditNote.creditNoteNumber,
          pdfHref: `/hyvityslasku/${encodeURIComponent(order.orderNumber)}`,
        }
      : null,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: formatEuros(payment.amountCents),
      status: paymentStatusLabel(payment.status),
      via: `${PROVIDER_LABELS[payment.provider] ?? payment.provider}${payment.method && payment.provider !== "invoice" ? ` (${METHOD_LABELS[payment.method] ?? payment.method})` : ""}`,
      date: formatDateTime(payment.createdAt),
      refunded: payment.refundedAt
        ? `${payment.refundedCents !== null ? `${formatEuros(payment.refundedCents)} ` : ""}${formatDateTime(payment.refundedAt)}`
        : null,
    })),
    invoice: invoice
      ? {
          facts: [
            { label: "Laskun numero", value: String(invoice.invoiceNumber) },
            { label: "Viitenumero", value: formatReferenceNumber(invoice.referenceNumber) },
            { label: "Päiväys", value: formatDate(invoice.issueDate) },
            { label: "Eräpäivä", value: formatDate(invoice.dueDate) },
            { label: "Summa", value: formatEuros(invoice.amountCents) },
            ...(creditNote ? [{ label: "Hyvitetty", value: invoicePaymentTexts.creditedAmount(formatEuros(creditNote.amountCents), creditNote.creditNoteNumber) }] : []),
            { label: "Avoin saldo", value: formatEuros(balance ? openBalanceCents(balance) : 0) },
            {
              label: "Tila",
              value: partlyPaid
                ? invoicePaymentTexts.partial(formatEuros(invoicePaidCents), formatEuros(payableCents(balance!)))
                : `${INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}${invoice.paidAt ? ` ${formatDate(invoice.paidAt)}` : ""}`,
            },
            ...(invoice.reminderSentAt ? [{ label: "Maksumuistutus", value: invoicePaymentTexts.reminderSent(formatDate(invoice.reminderSentAt)) }] : []),
          ],
          payments: invoicePayments.map((payment) => ({
            id: payment.id,
            date: formatDate(payment.paidOn),
            amount: formatEuros(payment.amountCents),
            recordedBy: payment.recordedByName ?? "",
          })),
          pdfHref: `/lasku/${encodeURIComponent(order.orderNumber)}`,
          invoiceNumber: invoice.invoiceNumber,
        }
      : null,
    payout: payout
      ? `${formatEuros(payout.amountCents)}, ${payoutStatusLabel(payout.status)}${payout.paidAt ? ` ${formatDate(payout.paidAt)}` : ""}`
      : null,
  };
}

export default function OrderPaymentTab() {
  const { amounts, method, cancellationFee, creditNote, payments, invoice, payout, paymentForm } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <Section title="Summat" id="amounts-heading">
        <Facts
          items={[
            { label: "Maksutapa", value: method },
            ...amounts,
            ...(cancellationFee ? [{ label: "Peruutusmaksu", value: cancellationFee }] : []),
          ]}
        />
        {payout ? <p>Kaverin tilitys: {payout}</p> : null}
      </Section>

      <Section title="Maksuhistoria" id="payments-heading">
        {payments.length === 0 ? (
          <p>Ei maksutapahtumia.</p>
        ) : (
          <ResponsiveTable caption="Maksuhistoria" headers={["Päivä", "Summa", "Tila", "Maksutapa"]}>
            {payments.map((payment) => (
              <Row key={payment.id}>
                <Cell label="Päivä">{payment.date}</Cell>
                <Cell label="Summa">{payment.amount}</Cell>
                <Cell label="Tila">
                  {payment.status}
                  {payment.refunded ? <span className="block text-gray-700">palautettu {payment.refunded}</span> : null}
                </Cell>
                <Cell label="Maksutapa">{payment.via}</Cell>
              </Row>
            ))}
          </ResponsiveTable>
        )}
      </Section>

      {invoice ? (
        <Section title="Lasku" id="invoice-heading">
          <Facts items={invoice.facts} />
          {invoice.payments.length > 0 ? (
            <ResponsiveTable caption={`Laskun ${invoice.invoiceNumber} maksut`} headers={["Maksupäivä", "Summa", "Kirjasi"]}>
              {invoice.payments.map((payment) => (
                <Row key={payment.id}>
                  <Cell label="Maksupäivä">{payment.date}</Cell>
                  <Cell label="Summa">{payment.amount}</Cell>
                  <Cell label="Kirjasi">{payment.recordedBy}</Cell>
                </Row>
              ))}
            </ResponsiveTable>
          ) : null}
          {paymentForm ? (
            <div className="space-y-2">
              <h3 className="text-lg font-bold text-gray-900">Kirjaa maksu</h3>
              <InvoicePaymentForm {...paymentForm} action="/backoffice/payments" />
            </div>
          ) : null}
          {creditNote ? (
            <>
              <p>{creditNote.text}</p>
              <p>
                <a href={creditNote.pdfHref} className={inlineLinkClass} download>
                  Lataa hyvityslasku {creditNote.number} (PDF)
                </a>
              </p>
            </>
          ) : null}
          <p>
            <a href={invoice.pdfHref} className={inlineLinkClass} download>
              Lataa lasku {invoice.invoiceNumber} (PDF)
            </a>
          </p>
        </Section>
      ) : null}
    </div>
  );
}
