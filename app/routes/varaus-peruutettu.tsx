import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { paymentCancelledLoader } from "~/booking/result-pages.server";
import { Alert } from "~/components/alert";
import { ButtonLink } from "~/components/button";
import { PageLayout } from "~/components/layout";
import type { RouteHandle } from "~/root";

/** Works fully as HTML: no JavaScript is sent for this page (root.tsx). */
export const handle: RouteHandle = { hydrate: false };

// /varaus-peruutettu?order_number=… (spec 000 §2 "Payment cancelled page").

export function loader({ request }: LoaderFunctionArgs) {
  return paymentCancelledLoader(request);
}

export const meta: MetaFunction = () => [{ title: "Maksu peruutettu – Arkikaveri" }, { name: "robots", content: "noindex" }];

export default function PaymentCancelledPage() {
  const { orderNumber, retryHref } = useLoaderData<typeof loader>();
  return (
    <PageLayout narrow>
      <div className="space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">Maksu peruutettu</h1>
        <Alert type="warning" announce={false} title="Varaustasi ei ole vahvistettu">
          <p>Maksu keskeytyi, eikä sinulta veloitettu mitään. Varattu aika on vapautettu muille.</p>
          {orderNumber ? <p>Tilausnumero: {orderNumber}</p> : null}
        </Alert>
        <div className="flex flex-wrap gap-4">
          {/* Back to the contact step with the same choices and everything typed there. */}
          <ButtonLink to={retryHref}>Yritä uudelleen</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Etusivulle
          </ButtonLink>
        </div>
      </div>
    </PageLayout>
  );
}
