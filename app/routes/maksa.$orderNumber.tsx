import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { redirectToCheckout } from "~/booking/payment-step.server";
import { rememberOrder } from "~/booking/owned-orders.server";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { PageLayout } from "~/components/layout";
import { getDb } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { seriesPayLinkTexts as texts } from "~/messages/series-payments";
import { payLinkState } from "~/services/payments/pay-link.server";

// /maksa/<order number>?tunniste=… — the payment link e-mailed when a series visit's saved card
// was declined (docs/decisions/0040). The GET only shows the visit; the button posts, and the
// POST starts a checkout for it (startCheckout) and sends the payer there. A mail scanner that
// follows the link starts nothing. Whoever pays has shown they read the mailbox, so this browser
// may see the order's result page afterwards.

async function stateOf(request: Request, orderNumber: string | undefined) {
  return payLinkState(await getDb(), orderNumber ?? "", new URL(request.url));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const state = await stateOf(request, params.orderNumber);
  return data({ state }, { status: state.kind === "invalid" ? 404 : 200 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const state = await stateOf(request, params.orderNumber);
  if (state.kind !== "open") return data({ error: null }, { status: state.kind === "invalid" ? 404 : 409 });
  const headers = new Headers({ "Set-Cookie": await rememberOrder(request, state.orderNumber) });
  // Throws the redirect to the checkout; returns the §8 message when it could not be started.
  const failure = await redirectToCheckout(await getDb(), state.orderId, headers);
  return data({ error: failure }, { status: 502 });
}

export const meta: MetaFunction = () => [{ title: `${texts.title} – Arkikaveri` }, { name: "robots", content: "noindex" }];

export default function PayLinkPage() {
  const { state } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PageLayout narrow>
      <div className="mx-auto max-w-xl space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">{texts.title}</h1>
        {state.kind === "invalid" ? <Alert type="error" title={texts.invalid} /> : null}
        {state.kind === "paid" ? <Alert type="success" title={texts.paid} /> : null}
        {state.kind === "cancelled" ? <Alert type="warning" title={texts.cancelled} /> : null}
        {state.kind === "open" ? (
          <Form method="post" className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8">
            {actionData?.error ? <Alert type="error" title={actionData.error} /> : null}
            <p>{texts.intro}</p>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold text-gray-700">{texts.orderNumber}</dt>
              <dd>{state.orderNumber}</dd>
              <dt className="font-semibold text-gray-700">{texts.visit}</dt>
              <dd>
                {state.serviceName} {state.when}
              </dd>
              <dt className="font-semibold text-gray-700">{texts.amount}</dt>
              <dd className="text-2xl font-bold">{formatEuros(state.amountCents)}</dd>
            </dl>
            <p>{texts.deadline(state.deadline)}</p>
            <SubmitButton busyLabel={texts.paying}>{texts.pay}</SubmitButton>
          </Form>
        ) : null}
      </div>
    </PageLayout>
  );
}
