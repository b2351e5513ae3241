import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ContactText } from "~/components/contact-text";
import { linkClass } from "~/components/layout";
import { getDb } from "~/db.server";
import { formatEuros, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { customerOrderTexts as texts } from "~/messages/customer-orders";
import { getContactInfo } from "~/models/settings.server";
import { cancelAsCustomer, customerCancellation, customerOrderPath, requireCustomerOrder } from "~/portal/customer-order.server";
import { now as clockNow } from "~/services/clock.server";

// The customer cancels their own upcoming order (issue 10; DESIGN.md decision 16) with the back
// office's very cancellation (app/services/order-cancellation.server.ts): free until 24 hours
// before the start, later the price of one hour. This page says the rule and what happens to the
// money before anything happens, so it works without JavaScript and nobody cancels by a slip. A
// paid order whose refund did not go through can be tried again here.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order: detail } = await requireCustomerOrder(request, params.orderNumber);
  const { order, cancellable, cancelled, refundPending, feeCents, rule, money } = await customerCancellation(detail.id, clockNow());
  const contact = await getContactInfo(await getDb());
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    back: customerOrderPath(order.orderNumber),
    summary: `${order.serviceName}, ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}, ${order.city}`,
    price: formatEuros(order.totalPriceCents),
    cancellable,
    cancelled,
    refundPending,
    feeCents,
    rule,
    money,
    caregiverName: order.caregiver?.fullName ?? null,
    contact: { phone: contact.phone, email: contact.email },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, order: detail } = await requireCustomerOrder(request, params.orderNumber);
  const formData = await request.formData();
  if (formData.get("intent") !== "cancel" || formData.get("orderId") !== detail.id) {
    throw new Response("Lomakkeen tiedot olivat puutteelliset.", { status: 400 });
  }
  const back = customerOrderPath(detail.orderNumber);
  return cancelAsCustomer(request, {
    orderId: detail.id,
    profileId: user.id,
    ip: context?.clientIp ?? null,
    shownFee: formData.get("feeCents"),
    here: `${back}/peruuta`,
    back,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Peru tilaus ${data?.orderNumber ?? ""} – Oma sivu – Arkikaveri` }];

export default function CancelOwnOrderPage() {
  const data = useLoaderData<typeof loader>();
  const backLink = (
    <Link to={data.back} className={`inline-flex min-h-target items-center ${linkClass}`}>
      {data.cancellable ? "Älä peru, palaa tilaukseen" : "Palaa tilaukseen"}
    </Link>
  );
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Peru tilaus {data.orderNumber}</h1>
      <p className="text-lg">
        {data.summary}. Hinta {data.price}.
      </p>
      {data.cancellable ? (
        <Form method="post" className="space-y-4 rounded-lg border-2 border-red-200 bg-white p-5">
          <input type="hidden" name="orderId" value={data.orderId} />
          <input type="hidden" name="feeCents" value={data.feeCents} />
          <h2 className="text-2xl font-bold text-gray-900">Mitä peruutuksesta seuraa</h2>
          <p>{data.rule}</p>
          <p className="font-semibold">{data.money}</p>
          <p>
            {data.caregiverName
              ? `Kaveri ${data.caregiverName} ja sinä saatte peruutuksesta sähköpostin.`
              : "Saat peruutuksesta vahvistuksen sähköpostiisi."}{" "}
            Aika vapautuu heti muille varauksille.
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton variant="danger" name="intent" value="cancel" busyLabel="Perutaan…">
              Vahvista peruutus
            </SubmitButton>
            {backLink}
          </div>
        </Form>
      ) : data.refundPending ? (
        <Form method="post" className="space-y-4 rounded-lg border-2 border-amber-300 bg-white p-5">
          <input type="hidden" name="orderId" value={data.orderId} />
          <input type="hidden" name="feeCents" value={data.feeCents} />
          <Alert type="warning" announce={false} title="Maksu on vielä palauttamatta">
            <p>Tilaus on peruutettu, mutta maksun palautus ei ole vielä onnistunut. Voit yrittää palautusta uudelleen.</p>
          </Alert>
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton name="intent" value="cancel" busyLabel="Palautetaan…">
              Yritä palautusta uudelleen
            </SubmitButton>
            {backLink}
          </div>
        </Form>
      ) : (
        <div className="space-y-4">
          <Alert type="info" announce={false}>
            <p>
              {data.cancelled ? (
                "Tilaus on jo peruutettu."
              ) : (
                <ContactText text={texts.callToCancel(data.contact)} contact={data.contact} />
              )}
            </p>
          </Alert>
          {backLink}
        </div>
      )}
    </div>
  );
}
