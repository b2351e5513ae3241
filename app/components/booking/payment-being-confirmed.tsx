import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { ButtonLink } from "~/components/button";
import { useHydrated } from "~/components/use-hydrated";

// An online payment not confirmed yet, on the result pages (/varaus-maksu-onnistui and the
// portal's /portal/orders/success): said so, with a plain link to look again (without JavaScript,
// following it asks the provider again) and, with JavaScript, the page looks again by itself for a while.

/** With JavaScript the page asks again every few seconds, for about two minutes. */
const RECHECK_EVERY_MS = 3000;
const RECHECK_TIMES = 40;

export function PaymentBeingConfirmed({ customerEmail }: { customerEmail: string }) {
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
