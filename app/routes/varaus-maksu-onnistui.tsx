import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { paymentSuccessLoader } from "~/booking/result-pages.server";
import { Alert } from "~/components/alert";
import { OrderReceiptDetails } from "~/components/booking/order-receipt";
import { ButtonLink } from "~/components/button";
import { PageLayout } from "~/components/layout";
import { orderEmailConfirmationTexts } from "~/messages/order-email-confirmation";
import { useHydrated } from "~/components/use-hydrated";

// /varaus-maksu-onnistui?order_number=…&payment_method=invoice|… (spec 000 §2 "Payment success
// page"): the order's details, shown only to the browser that booked it or its signed-in owner.
// Arriving here proves nothing about the payment: until the provider has confirmed it (webhook,
// or the loader's own question to the provider) the page says the payment is being confirmed,
// offers a plain link to look again and, with JavaScript, looks again by itself for a while.

/** With JavaScript the page asks again every few seconds, for about two minutes. */
const RECHECK_EVERY_MS = 3000;
const RECHECK_TIMES = 40;

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

function PaymentBeingConfirmed({ customerEmail }: { customerEmail: string }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [checks, setChecks] = useState(0);
  const scripted = useHydrated();

  useEffect(() => {
    if (checks >= RECHECK_TIMES || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      setChecks((count) => count + 1);
      revalidator.revalidate();
    }, RECHECK_EVERY_MS);
    return () => clearTimeout(timer);
  }, [checks, revalidator]);

  const stillChecking = scripted && checks < RECHECK_TIMES;
  return (
    <Alert type="info" announce={false} title="Odotamme vielä vahvistusta maksusta">
      <p>
        Tarkistamme maksusi maksupalvelusta. Tämä kestää yleensä vain hetken, Klarnalla joskus kauemmin. Saat
        varausvahvistuksen sähköpostiisi {customerEmail}, kun maksu on vahvistettu.
      </p>
      {stillChecking ? <p>Sivu päivittyy itsestään, kun maksu on vahvistettu.</p> : null}
      <p>
        {/* A plain link: without JavaScript, following it asks the provider again. */}
        <ButtonLink to={`${location.pathname}${location.search}`} variant="secondary">
          Päivitä tilanne
        </ButtonLink>
      </p>
    </Alert>
  );
}
