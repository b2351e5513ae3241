import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { paymentSuccessLoader } from "~/booking/result-pages.server";
import { Alert } from "~/components/alert";
import { ButtonLink } from "~/components/button";
import { PageLayout, linkClass } from "~/components/layout";
import { formatEuros } from "~/domain/format";
import { orderEmailConfirmationTexts } from "~/messages/booking";
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
  return paymentSuccessLoader(request);
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
    ? "Varaus on peruttu"
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
              <p>Tämä varaus on peruttu. Voit tehdä uuden varauksen milloin tahansa.</p>
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

        <section aria-labelledby="tilaus-otsikko" className="rounded-lg border-2 border-brand-100 bg-white p-5">
          <h2 id="tilaus-otsikko" className="text-2xl font-bold text-gray-900">
            Tilauksen tiedot
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-gray-800">Tilausnumero</dt>
            <dd className="font-bold">{order.orderNumber}</dd>
            <dt className="font-semibold text-gray-800">Palvelu</dt>
            <dd>{order.serviceName}</dd>
            <dt className="font-semibold text-gray-800">Päivä</dt>
            <dd>{order.dateLabel}</dd>
            <dt className="font-semibold text-gray-800">Aika</dt>
            <dd>{order.timeLabel}</dd>
            <dt className="font-semibold text-gray-800">Kesto</dt>
            <dd>{order.durationLabel}</dd>
            <dt className="font-semibold text-gray-800">Käyntiosoite</dt>
            <dd>{order.place}</dd>
            {order.recipientName ? (
              <>
                <dt className="font-semibold text-gray-800">Palvelun saaja</dt>
                <dd>{order.recipientName}</dd>
              </>
            ) : null}
            <dt className="font-semibold text-gray-800">Alkuperäinen hinta</dt>
            <dd className="tabular-nums">{formatEuros(order.originalPriceCents)}</dd>
            <dt className="font-semibold text-gray-800">Alennus</dt>
            <dd className="tabular-nums">{order.discountCents > 0 ? `−${formatEuros(order.discountCents)}` : formatEuros(0)}</dd>
            <dt className="font-semibold text-gray-800">Yhteensä</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="tilaus-yhteensa">
              {formatEuros(order.totalPriceCents)}
            </dd>
          </dl>
        </section>

        {!order.cancelled ? (
          <section aria-labelledby="seuraavaksi-otsikko" className="space-y-3">
            <h2 id="seuraavaksi-otsikko" className="text-2xl font-bold text-gray-900">
              Mitä tapahtuu seuraavaksi?
            </h2>
            <ul className="list-disc space-y-2 pl-6 text-lg">
              <li>{order.nextSteps.helper}</li>
              <li>{order.nextSteps.contact}</li>
              <li>{order.nextSteps.cancellation}</li>
              <li>{order.nextSteps.howToCancel}</li>
            </ul>
            <p>
              <Link to="/varaus-vahvistettu" className={`inline-flex min-h-target items-center ${linkClass}`}>
                Lisää tietoa varauksen jälkeen
              </Link>
            </p>
          </section>
        ) : null}
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
