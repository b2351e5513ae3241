import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { requireOrderOfPage } from "~/backoffice/order-page.server";
import { backofficeReturnPath, badForm, requireStaffActor } from "~/backoffice/staff.server";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, TextField, TextareaField } from "~/components/forms";
import { Facts, PageHeading, inlineLinkClass } from "~/components/backoffice/ui";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { getDb } from "~/db.server";
import { FREE_CANCELLATION_HOURS } from "~/domain/cancellation";
import { formatDateTime, formatEuros, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { canStaffCancel } from "~/domain/order-status";
import { cancelFailed, cancelTexts, orderTexts } from "~/messages/backoffice";
import { staffCancelTexts } from "~/messages/backoffice-money";
import { findOnlinePaymentOfOrderId, findOrderToCancel } from "~/models/order-cancellation.server";
import { now } from "~/services/clock.server";
import { redirectWithToast } from "~/services/flash.server";
import { StaffCancelSchema } from "~/schemas/staff-cancel";
import { cancelOrder, termsFor } from "~/services/order-cancellation.server";

// Cancelling an order (issue 14; DESIGN.md decision 16), admin only: a confirmation page that
// says what will happen to the money before anything happens, so it works without JavaScript and
// nobody cancels by a slip. Staff write the reason (the timeline and the customer's e-mail show
// it) and may refund a paid online order a part of its payment (issue 25 item 6). For an order
// already cancelled whose refund failed, the page offers the refund again.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, access.cancelOrders);
  const db = await getDb();
  const detail = await requireOrderOfPage(db, params);
  const order = await findOrderToCancel(db, detail.id);
  if (!order) throw new Response(orderTexts.notFound, { status: 404 });
  const orderPath = `/backoffice/orders/${encodeURIComponent(order.orderNumber)}`;
  const back = backofficeReturnPath(new URL(request.url).searchParams.get("takaisin"), orderPath);
  const terms = termsFor(order, now());
  const payment = order.paymentMethod === "online" ? await findOnlinePaymentOfOrderId(db, order.id) : null;
  const paid = payment?.status === "captured";
  const refundPending = order.status === "cancelled" && paid && payment.amountCents > (order.cancellationFeeCents ?? 0);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    back,
    facts: [
      { label: "Palvelu", value: order.serviceName },
      { label: "Aika", value: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}` },
      { label: "Kaupunki", value: order.city },
      { label: "Asiakas", value: order.customer.fullName || order.customer.email },
      { label: "Kaveri", value: order.caregiver?.fullName || orderTexts.noCaregiver },
      { label: "Hinta", value: formatEuros(order.totalPriceCents) },
      { label: "Maksutapa", value: order.paymentMethod === "invoice" ? "Lasku" : paid ? "Verkkomaksu, maksettu" : "Verkkomaksu, ei maksettu" },
    ],
    cancellable: canStaffCancel(order.status),
    refundPending,
    rule: terms.free
      ? `Maksuton peruutus on voimassa ${formatDateTime(terms.freeUntil)} asti (${FREE_CANCELLATION_HOURS} tuntia ennen alkua).`
      : `Maksuton peruutus päättyi ${formatDateTime(terms.freeUntil)} (${FREE_CANCELLATION_HOURS} tuntia ennen alkua). Peruutusmaksu on yhden tunnin hinta: ${formatEuros(terms.feeCents)}.`,
    lateFeeCents: terms.feeCents,
    consequence: consequenceOf(order.paymentMethod, paid, terms),
    // A paid online order may be refunded a part instead (up to what was paid).
    refund: paid && payment ? { paid: formatEuros(payment.amountCents), standard: formatEuros(Math.max(0, payment.amountCents - terms.feeCents)) } : null,
  };
}

function consequenceOf(method: "online" | "invoice", paid: boolean, terms: { feeCents: number; refundCents: number }): string {
  if (method === "invoice") {
    return terms.feeCents > 0
      ? `Laskua hyvitetään ${formatEuros(terms.refundCents)} hyvityslaskulla; peruutusmaksu ${formatEuros(terms.feeCents)} jää maksettavaksi.`
      : "Lasku hyvitetään kokonaan hyvityslaskulla.";
  }
  if (!paid) return "Tilausta ei ole maksettu, joten palautettavaa ei ole.";
  return terms.feeCents > 0
    ? `Asiakkaalle palautetaan ${formatEuros(terms.refundCents)} maksupalvelun kautta; peruutusmaksu ${formatEuros(terms.feeCents)} pidätetään.`
    : `Asiakkaalle palautetaan koko summa ${formatEuros(terms.refundCents)} maksupalvelun kautta.`;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Peru tilaus ${data?.orderNumber ?? ""} – Hallintapaneeli – Arkikaveri` }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.cancelOrders);
  const db = await getDb();
  const detail = await requireOrderOfPage(db, params);
  const formData = await request.formData();
  if (formData.get("intent") !== "cancel" || formData.get("orderId") !== detail.id) throw badForm();
  const orderPath = `/backoffice/orders/${encodeURIComponent(detail.orderNumber)}`;
  const back = backofficeReturnPath(formData.get("returnTo"), orderPath);
  const here = `${orderPath}/peruuta?${new URLSearchParams({ takaisin: back })}`;

  // Retrying the refund of an order cancelled before needs no reason: it was given then.
  let canceller: Parameters<typeof cancelOrder>[1] = { actor };
  if (detail.status !== "cancelled") {
    const submission = parseWithZod(formData, { schema: StaffCancelSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const { reason, waiveFee, refund } = submission.value;
    if (refund !== undefined) {
      const payment = await findOnlinePaymentOfOrderId(db, detail.id);
      const paidCents = payment?.status === "captured" ? payment.amountCents : null;
      if (paidCents !== null && refund > paidCents) {
        return data({ result: submission.reply({ fieldErrors: { refund: [staffCancelTexts.refundTooMuch(formatEuros(paidCents))] } }) }, { status: 400 });
      }
    }
    canceller = { actor, reason, waiveFee: waiveFee === "on", ...(refund !== undefined ? { refundCents: refund } : {}) };
  }

  const outcome = await cancelOrder(db, canceller, detail.id, now());
  if (!outcome.ok) {
    return redirectWithToast(request, back, { type: "error", title: cancelFailed(cancelTexts.refusals[outcome.reason]) });
  }
  if (outcome.refund === "failed") {
    return redirectWithToast(request, here, { type: "error", title: cancelFailed(cancelTexts.refundFailed) });
  }
  if (outcome.refund === "manual") {
    return redirectWithToast(request, back, { type: "info", title: orderTexts.cancelled, description: cancelTexts.refundManually(outcome.refundCents) });
  }
  return redirectWithToast(request, back, {
    type: "success",
    title: orderTexts.cancelled,
    description: [orderTexts.cancelledDetail, cancelTexts.moneyNote(outcome)].filter(Boolean).join(" "),
  });
}

export default function CancelOrderPage() {
  const { orderId, orderNumber, status, back, facts, cancellable, refundPending, rule, lateFeeCents, consequence, refund } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "peruutus",
    lastResult: reply && "result" in reply ? reply.result : undefined,
    constraint: getZodConstraint(StaffCancelSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffCancelSchema }),
  });
  const t = staffCancelTexts;
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={back} className={inlineLinkClass}>
          <span aria-hidden="true">←&nbsp;</span>Takaisin
        </Link>
      </p>
      <PageHeading title={`Peru tilaus ${orderNumber}`} />
      <p className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={status} />
      </p>
      <Facts items={facts} />
      {cancellable ? (
        <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border-2 border-red-200 p-4">
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="returnTo" value={back} />
          <h2 className="text-2xl font-bold">Mitä peruutuksesta seuraa</h2>
          <p>{rule}</p>
          <p>{consequence}</p>
          <p>Asiakas ja kaveri saavat peruutuksesta sähköpostin. Kaverin aika vapautuu heti muille varauksille.</p>
          <TextareaField meta={fields.reason} label={t.reasonLabel} hint={t.reasonHint} rows={3} />
          {refund ? (
            <TextField meta={fields.refund} label={t.refundLabel} hint={t.refundHint(refund.paid, refund.standard)} inputMode="decimal" autoComplete="off" />
          ) : null}
          {lateFeeCents > 0 ? (
            <label className="flex min-h-target items-start gap-3">
              <input type="checkbox" name="waiveFee" className="mt-1 h-6 w-6 accent-brand-700" />
              <span>Älä peri peruutusmaksua ({formatEuros(lateFeeCents)}): palauta tai hyvitä koko summa.</span>
            </label>
          ) : null}
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton variant="danger" busyLabel="Perutaan…">
              Peru tilaus
            </SubmitButton>
            <Link to={back} className={inlineLinkClass}>
              Älä peru
            </Link>
          </div>
        </Form>
      ) : refundPending ? (
        <Form method="post" className="space-y-4 rounded-lg border-2 border-amber-300 p-4">
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="returnTo" value={back} />
          <Alert type="warning" announce={false} title="Maksu on vielä palauttamatta">
            Tilaus on peruutettu, mutta maksun palautus ei ole vielä onnistunut. Yritä palautusta uudelleen.
          </Alert>
          <SubmitButton busyLabel="Palautetaan…" name="intent" value="cancel">
            Palauta maksu
          </SubmitButton>
        </Form>
      ) : (
        <Alert type="info" announce={false}>
          {status === "cancelled" ? cancelTexts.alreadyCancelled : cancelTexts.notCancellable}
        </Alert>
      )}
    </div>
  );
}
