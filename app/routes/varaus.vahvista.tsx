import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { rememberOrder } from "~/booking/owned-orders.server";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { PageLayout, linkClass } from "~/components/layout";
import { getDb } from "~/db.server";
import { orderEmailConfirmationTexts as texts } from "~/messages/order-email-confirmation";
import { confirmOrderByEmail, orderAwaitingConfirmation } from "~/services/order-email-confirmation.server";
import { now as clockNow } from "~/services/clock.server";

// The link in the "Vahvista varauksesi" e-mail (issue 12, finding 7). Confirming changes data, so
// the link opens this page and its button posts: a mail scanner following links confirms nothing.
// Whoever confirms has shown they read that mailbox, so this browser may see the order afterwards.

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const order = await orderAwaitingConfirmation(await getDb(), token, clockNow());
  return data({ token: order ? token : null, order }, { status: order ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = formData.get("token");
  const confirmed = typeof token === "string" ? await confirmOrderByEmail(await getDb(), token, clockNow()) : null;
  if (!confirmed) return data({ error: texts.invalidLink }, { status: 400 });
  const params = new URLSearchParams({ order_number: confirmed.orderNumber, payment_method: "invoice" });
  throw redirect(`/varaus-maksu-onnistui?${params}`, { headers: { "Set-Cookie": await rememberOrder(request, confirmed.orderNumber) } });
}

export const meta: MetaFunction = () => [{ title: "Vahvista varauksesi – Arkikaveri" }];

export default function ConfirmOrderPage() {
  const { token, order } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const invalid = !token || !order || Boolean(actionData?.error);

  return (
    <PageLayout narrow>
      <div className="mx-auto max-w-xl space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">{texts.heading}</h1>
        {invalid ? (
          <Alert type="error" title={texts.invalidLink}>
            <p>
              <Link to="/varaa" className={`inline-flex min-h-target items-center ${linkClass}`}>
                Tee uusi varaus
              </Link>
            </p>
          </Alert>
        ) : (
          <Form method="post" className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-8">
            <p>{texts.pagePrompt}</p>
            <dl className="space-y-1">
              <div>
                <dt className="inline font-semibold">Tilausnumero: </dt>
                <dd className="inline">{order.orderNumber}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Palvelu: </dt>
                <dd className="inline">{order.serviceName}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Aika: </dt>
                <dd className="inline">
                  {order.dateLabel} klo {order.timeLabel}
                </dd>
              </div>
            </dl>
            <input type="hidden" name="token" value={token} />
            <SubmitButton busyLabel="Vahvistetaan...">{texts.button}</SubmitButton>
          </Form>
        )}
      </div>
    </PageLayout>
  );
}
