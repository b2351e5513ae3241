import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/auth/guards.server";
import { paymentSuccessLoader } from "~/booking/result-pages.server";
import { Alert } from "~/components/alert";
import { OrderReceiptDetails } from "~/components/booking/order-receipt";
import { PaymentBeingConfirmed } from "~/components/booking/payment-being-confirmed";
import { ButtonLink } from "~/components/button";
import { SIGNED_IN_BOOKING_MESSAGES } from "~/messages/booking-wording";

// /portal/orders/success?order_number=… (spec 000 §2 "Four-step wizard", 001 §2 orders/success):
// 'Varaus tehty onnistuneesti!' after a signed-in wizard's booking, with the order (shown only to
// its own customer or browser), what happens next, and links home and to the orders. An online
// payment not confirmed yet is said so, with a link to look again (PaymentBeingConfirmed).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCustomer(request);
  return paymentSuccessLoader(request);
}

export const meta: MetaFunction = () => [{ title: "Varaus tehty – Oma sivu – Arkikaveri" }, { name: "robots", content: "noindex" }];

export default function OrderSucceededPage() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl space-y-8">
      <h1 className="text-4xl font-bold text-brand-900">{SIGNED_IN_BOOKING_MESSAGES.succeeded}</h1>
      {order ? (
        // One live region around every state, so that the change from "being confirmed" to paid
        // after a look again in the background is announced to screen readers.
        <div aria-live="polite">
          {order.cancelled ? (
            <Alert type="warning" announce={false}>
              <p>Tämä varaus on peruutettu. Voit tehdä uuden varauksen milloin tahansa.</p>
            </Alert>
          ) : order.paymentMethod === "online" && order.awaitingPayment ? (
            <PaymentBeingConfirmed customerEmail={order.customerEmail} />
          ) : (
            <Alert type="success" announce={false} title="Varauksesi on vastaanotettu">
              <p>
                {order.paymentMethod === "invoice"
                  ? `Vahvistus ja lasku lähetetään sähköpostiisi ${order.customerEmail}. Maksuaika on 14 päivää${order.invoiceDueDate ? ` (eräpäivä ${order.invoiceDueDate})` : ""}.`
                  : `Maksu onnistui. Varausvahvistus lähetetään sähköpostiisi ${order.customerEmail}.`}
              </p>
            </Alert>
          )}
        </div>
      ) : (
        <p>Varauksesi on vastaanotettu. Näet sen tilauksissasi.</p>
      )}
      {order ? <OrderReceiptDetails order={order} moreInfo={false} /> : null}
      <div className="flex flex-wrap gap-4">
        {order ? <ButtonLink to={`/portal/orders/${order.orderNumber}`}>Näytä tilaus {order.orderNumber}</ButtonLink> : null}
        <ButtonLink to="/portal/orders" variant={order ? "secondary" : "primary"}>
          Omat tilaukset
        </ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Etusivulle
        </ButtonLink>
      </div>
    </div>
  );
}
