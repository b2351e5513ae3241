import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Facts } from "~/components/backoffice/ui";
import { ButtonLink } from "~/components/button";
import { Section, inlineLink } from "~/components/order-section";
import { MessageForm, MessageList } from "~/components/message-thread";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { getDb } from "~/db.server";
import { canWriteToThread } from "~/domain/order-messages";
import { threadAudience } from "~/messages/order-messages";
import { findThreadOfParticipant } from "~/models/order-messages.server";
import { now } from "~/services/clock.server";
import { customerOrderPath, customerOrderView, orderNotFound, requireCustomerOrder } from "~/portal/customer-order.server";
import { seriesBillingView } from "~/services/series-invoices.server";
import { seriesVisitPaymentView } from "~/services/payments/series-visit-payment.server";
import { handleMessagePost, MESSAGE_FORM_CONSTRAINT, readThreadAsParticipant } from "~/portal/messages.server";
import { CaregiverPortrait } from "~/components/caregiver-portrait";
import { SeriesOfOrder } from "~/components/series-of-order";
import { seriesLinkOfOrder } from "~/portal/series-page.server";

// One order of the signed-in customer (issue 10 "Customer orders"): the visit, the helper with
// their photo, the amounts with VAT and the household deduction estimate, the payment, the
// invoice, the online payment's receipt, the credit note and the calendar file, cancelling, and
// the order's messages with the helper. Only the order's customer sees it (a guest order on their
// address once they have claimed it); anyone else gets the same 404 as for an order that does not
// exist.

async function customerThread(orderNumber: string, userId: string) {
  const thread = await findThreadOfParticipant(await getDb(), orderNumber, userId);
  if (!thread || thread.role !== "customer") throw orderNotFound();
  return thread.order;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, order } = await requireCustomerOrder(request, params.orderNumber);
  const thread = await customerThread(order.orderNumber, user.id);
  return {
    order: customerOrderView(order, now()),
    // A series visit paid by invoice is on its month's invoice (docs/decisions/0039).
    seriesBilling: await seriesBillingView(await getDb(), order.id, customerOrderPath(order.orderNumber)),
    series: await seriesLinkOfOrder(order.id, "customer"),
    // A later visit of a series paid by card: charged a day ahead, or declined and payable by the
    // decline e-mail's own link (docs/decisions/0040).
    seriesPayment: await seriesVisitPaymentView(await getDb(), order.id, { payLink: true }),
    messages: await readThreadAsParticipant(thread, user.id),
    messageNote: threadAudience(order.caregiver?.name ?? null),
    writable: canWriteToThread(order.status),
    messageConstraint: MESSAGE_FORM_CONSTRAINT,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, order } = await requireCustomerOrder(request, params.orderNumber);
  const formData = await request.formData();
  if (formData.get("intent") !== "message") throw new Response("Lomakkeen tiedot olivat puutteelliset.", { status: 400 });
  const thread = await customerThread(order.orderNumber, user.id);
  return handleMessagePost(request, formData, thread, { profileId: user.id, role: "customer" }, `${customerOrderPath(order.orderNumber)}#viestit`);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Tilaus ${data?.order.orderNumber ?? ""} – Oma sivu – Arkikaveri` }];


export default function CustomerOrderPage() {
  const { order, seriesBilling, series, seriesPayment, messages, messageNote, writable, messageConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to="/portal/orders" className={inlineLink}>
          <span aria-hidden="true">←&nbsp;</span>Kaikki tilaukset
        </Link>
      </p>
      <div className="space-y-2">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Tilaus {order.orderNumber}</h1>
        <p className="flex flex-wrap items-center gap-3 text-lg">
          <OrderStatusBadge status={order.status} audience="customer" accepted={order.accepted} />
          <span>{order.serviceName}</span>
        </p>
        {series ? <SeriesOfOrder series={series} /> : null}
      </div>

      {seriesPayment?.kind === "declined" ? (
        <Alert type="warning" title={seriesPayment.text} announce={false}>
          <p>{seriesPayment.deadline}</p>
          {seriesPayment.payHref ? <ButtonLink to={seriesPayment.payHref}>{seriesPayment.payLabel}</ButtonLink> : null}
        </Alert>
      ) : null}

      <nav aria-label="Tilauksen toiminnot" className="flex flex-wrap gap-3">
        {order.cancelHref ? (
          <ButtonLink to={order.cancelHref} variant="danger">
            Peru tilaus
          </ButtonLink>
        ) : null}
        {order.rescheduleHref ? <ButtonLink to={order.rescheduleHref}>Muuta aikaa</ButtonLink> : null}
        {order.reviewHref ? <ButtonLink to={order.reviewHref}>Arvioi käynti</ButtonLink> : null}
        {order.repeatHref && !series ? (
          <ButtonLink to={order.repeatHref} variant="secondary">
            Toista viikoittain
          </ButtonLink>
        ) : null}
        {order.calendarHref ? (
          <a href={order.calendarHref} className={inlineLink} download>
            Lisää kalenteriin (.ics)
          </a>
        ) : null}
        {order.invoiceHref ? (
          <a href={order.invoiceHref} className={inlineLink} download>
            Lataa lasku {order.invoiceNumber} (PDF)
          </a>
        ) : null}
        {seriesBilling?.invoiceHref ? (
          <a href={seriesBilling.invoiceHref} className={inlineLink} download>
            {seriesBilling.invoiceLinkText}
          </a>
        ) : null}
        {order.receiptHref ? (
          <a href={order.receiptHref} className={inlineLink} download>
            Lataa kuitti (PDF)
          </a>
        ) : null}
        {order.creditNoteHref ? (
          <a href={order.creditNoteHref} className={inlineLink} download>
            Lataa hyvityslasku {order.creditNoteNumber} (PDF)
          </a>
        ) : null}
        <a href="#viestit" className={inlineLink}>
          Viestit kaverille
        </a>
      </nav>

      <Section id="kaynti" title="Käynti">
        <Facts items={order.visit} />
        {order.rescheduleHint ? <p className="mt-3 text-gray-800">{order.rescheduleHint}</p> : null}
      </Section>

      <Section id="kaveri" title="Kaveri">
        {order.caregiver ? (
          <CaregiverPortrait name={order.caregiver.name} photoUrl={order.caregiver.photoUrl} />
        ) : (
          <p>Kaveri valitaan puolestasi. Kerromme hänen nimensä sähköpostitse ennen käyntiä.</p>
        )}
      </Section>

      <Section id="hinta" title="Hinta ja maksu">
        <Facts items={order.amounts} />
        <p className="flex flex-wrap justify-between gap-x-4 border-t-2 border-gray-200 pt-3 text-xl font-bold">
          <span>Yhteensä (sis. ALV)</span>
          <span data-testid="tilauksen-hinta">{order.total}</span>
        </p>
        <p>{order.deduction}</p>
        <Facts
          items={[
            { label: "Maksutapa", value: order.paymentMethod },
            {
              label: "Maksun tila",
              // "Maksettu" of a paid visit adds nothing to the payment's own state.
              value: seriesPayment && seriesPayment.kind !== "paid" ? seriesPayment.text : (seriesBilling?.paymentState ?? order.paymentState),
            },
            ...(order.cancellationFee ? [{ label: "Peruutus", value: order.cancellationFee }] : []),
            ...(order.creditNote ? [{ label: "Hyvitys", value: order.creditNote }] : []),
          ]}
        />
      </Section>

      <Section id="viestit" title="Viestit">
        <MessageList messages={messages} />
        <MessageForm
          lastResult={actionData?.result}
          constraint={messageConstraint}
          writable={writable}
          note={messageNote}
          formKey={messages.length}
          hidden={{ intent: "message" }}
        />
      </Section>
    </div>
  );
}
