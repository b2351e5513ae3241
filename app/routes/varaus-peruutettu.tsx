import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { paymentCancelledLoader } from "~/booking/result-pages.server";
import { Alert } from "~/components/alert";
import { ButtonLink } from "~/components/button";
import { PageLayout } from "~/components/layout";
import { CANCELLED_PAGE_TEXTS } from "~/messages/payment-cancelled";
import type { RouteHandle } from "~/root";

/** Works fully as HTML: no JavaScript is sent for this page (root.tsx). */
export const handle: RouteHandle = { hydrate: false };

// /varaus-peruutettu?order_number=… (spec 000 §2 "Payment cancelled page").

export function loader({ request }: LoaderFunctionArgs) {
  return paymentCancelledLoader(request);
}

export const meta: MetaFunction = () => [{ title: "Maksu peruutettu – Arkikaveri" }, { name: "robots", content: "noindex" }];

export default function PaymentCancelledPage() {
  const { orderNumber, retryHref, state, orderHref } = useLoaderData<typeof loader>();
  const text = CANCELLED_PAGE_TEXTS[state];
  return (
    <PageLayout narrow>
      <div className="space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">Maksu peruutettu</h1>
        <Alert type={state === "active" ? "info" : "warning"} announce={false} title={text.title}>
          <p>{text.body}</p>
          {orderNumber ? <p>Tilausnumero: {orderNumber}</p> : null}
        </Alert>
        <div className="flex flex-wrap gap-4">
          {orderHref ? (
            <ButtonLink to={orderHref}>{text.orderLink}</ButtonLink>
          ) : (
            // Back to the contact step with the same choices and everything typed there.
            <ButtonLink to={retryHref}>Yritä uudelleen</ButtonLink>
          )}
          <ButtonLink to="/" variant="secondary">
            Etusivulle
          </ButtonLink>
        </div>
      </div>
    </PageLayout>
  );
}
