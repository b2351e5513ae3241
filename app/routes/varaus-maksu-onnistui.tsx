import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { paymentSuccessLoader } from "~/booking/result-pages.server";
import { Alert } from "~/components/alert";
import { OrderReceiptDetails } from "~/components/booking/order-receipt";
import { PaymentBeingConfirmed } from "~/components/booking/payment-being-confirmed";
import { ButtonLink } from "~/components/button";
import { PageLayout } from "~/components/layout";
import { orderEmailConfirmationTexts } from "~/messages/order-email-confirmation";

// /varaus-maksu-onnistui?order_number=…&payment_method=invoice|… (spec 000 §2 "Payment success
// page"): the order's details, shown only to the browser that booked it or its signed-in owner.
// Arriving here proves nothing about the payment: until the provider has confirmed it (webhook,
// or the loader's own question to the provider) the page says the payment is being confirmed,
// offers a plain link to look again and, with JavaScript, looks again by itself for a while.

export function loader({ request }: LoaderFunctionArgs) {
  // A signed-in customer's own order is shown on /portal/orders/success (issue 26 item 3).
  return paymentSuccessLoader(request, { signedInOwnerTo: "/portal/orders/success" });
}

export const meta: MetaFunction = () => [{ title: "Varauksen tiedot – Arkikaveri" }, { name: "robots", content: "noindex" }];

export default function PaymentSuccessPage() {
  const { order, paymentMethod } = useLoaderData<typeof loader>();
  if (!order) {
    return (
      <PageLayout narrow>
        <div className="space-y-6">
          <h1 className="text-4xl font-bold text-brand-900">Varauksen tiedot</h1>
          <Alert type="warning" announce={false}>
            <p>Tilaustietoja ei löytynyt.</p>
          </Alert>
          {paymentMethod === "invoice" ? (
            <p>Jos teit juuri laskuvarauksen, vahvistus ja lasku tulevat sähköpostiisi.</p>
          ) : null}
          <ButtonLink to="/">Etusivulle</ButtonLink>
        </div>
      </PageLayout>
    );
  }

  const invoice = order.paymentMethod === "invoice";
  const title = order.cancelled
    ? "Varaus on peruutettu"
    : order.emailConfirmationDeadline
      ? orderEmailConfirmationTexts.heading
      : invoice
      ? "Kiitos varauksestasi!"
      : order.awaitingPayment
        ? "Maksua vahvistetaan…"
        : "Maksu onnistui – kiitos varauksestasi!";
  return (
    <PageLayout narrow>
      <div className="space-y-8">
        <h1 className="text-4xl font-bold text-brand-900">{title}</h1>
        {/* One live region around every state, so that the change from "being confirmed" to
            paid (or cancelled) after a background look-up is announced to screen readers. */}
        <div aria-live="polite">
          {order.cancelled ? (
            <Alert type="warning" announce={false}>
              <p>Tämä varaus on peruutettu. Voit tehdä uuden varauksen milloin tahansa.</p>
            </Alert>
          ) : order.emailConfirmationDeadline ? (
            <Alert type="warning" announce={false} title={orderEmailConfirmationTexts.heading}>
              <p>{orderEmailConfirmationTexts.pending(order.customerEmail, order.emailConfirmationDeadline)}</p>
            </Alert>
          ) : invoice ? (
            <Alert type="success" announce={false} title="Varauksesi on vastaanotettu">
              <p>
                Lasku lähetetään sähköpostiisi {order.customerEmail}. Maksuaika on 14 päivää
                {order.invoiceDueDate ? ` (eräpäivä ${order.invoiceDueDate})` : ""}.
              </p>
            </Alert>
          ) : order.awaitingPayment ? (
            <PaymentBeingConfirmed customerEmail={order.customerEmail} />
          ) : (
            <Alert type="success" announce={false} title="Maksu vastaanotettu">
              <p>Varausvahvistus on lähetetty sähköpostiisi {order.customerEmail}.</p>
            </Alert>
          )}
        </div>

        <OrderReceiptDetails order={order} />
        <ButtonLink to="/" variant="secondary">
          Etusivulle
        </ButtonLink>
      </div>
    </PageLayout>
  );
}
