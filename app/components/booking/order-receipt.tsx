import { Link } from "@remix-run/react";
import type { ReceiptView } from "~/booking/views";
import { ContactText } from "~/components/contact-text";
import { linkClass } from "~/components/layout";
import { formatEuros } from "~/domain/format";

// What a booked order's result pages show of it (the payment result page and the signed-in
// wizards' /portal/orders/success): its details with the amounts, and what happens next.

export function OrderReceiptDetails({
  order,
  moreInfo = true,
}: {
  order: ReceiptView;
  /** The guest's page links to what follows a booking (setting a password among it); a signed-in customer has an account already. */
  moreInfo?: boolean;
}) {
  return (
    <>
      <section
        aria-labelledby="tilaus-otsikko"
        className="rounded-lg border-2 border-brand-100 bg-white p-5"
      >
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
          <dd className="tabular-nums">
            {formatEuros(order.originalPriceCents)}
          </dd>
          <dt className="font-semibold text-gray-800">Alennus</dt>
          <dd className="tabular-nums">
            {order.discountCents > 0
              ? `−${formatEuros(order.discountCents)}`
              : formatEuros(0)}
          </dd>
          <dt className="font-semibold text-gray-800">Yhteensä</dt>
          <dd
            className="text-xl font-bold tabular-nums"
            data-testid="tilaus-yhteensa"
          >
            {formatEuros(order.totalPriceCents)}
          </dd>
        </dl>
      </section>

      {!order.cancelled ? (
        <section aria-labelledby="seuraavaksi-otsikko" className="space-y-3">
          <h2
            id="seuraavaksi-otsikko"
            className="text-2xl font-bold text-gray-900"
          >
            Mitä tapahtuu seuraavaksi?
          </h2>
          <ul className="list-disc space-y-2 pl-6 text-lg">
            <li>{order.nextSteps.helper}</li>
            <li>
              <ContactText text={order.nextSteps.contact} contact={order.contact} />
            </li>
            <li>{order.nextSteps.cancellation}</li>
            <li>
              <ContactText text={order.nextSteps.howToCancel} contact={order.contact} />
            </li>
          </ul>
          {order.nextSteps.accountOffer ? <p>{order.nextSteps.accountOffer}</p> : null}
          {moreInfo ? (
            <p>
              <Link
                to="/varaus-vahvistettu"
                className={`inline-flex min-h-target items-center ${linkClass}`}
              >
                Lisää tietoa varauksen jälkeen
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
