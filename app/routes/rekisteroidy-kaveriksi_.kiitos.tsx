import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import CheckCircle2 from "lucide-react/dist/esm/icons/check-circle-2.js";
import { ButtonLink } from "~/components/button";
import { linkClass, PageLayout } from "~/components/layout";

// /rekisteroidy-kaveriksi/kiitos: after a helper registration (spec 001 §1, §2).

export const meta: MetaFunction = () => [{ title: "Kiitos hakemuksestasi – Arkikaveri" }];

export default function CaregiverRegistrationThanks() {
  return (
    <PageLayout narrow>
      <div className="space-y-8">
        <div className="flex flex-col items-start gap-4 sm:flex-row">
          <CheckCircle2 aria-hidden="true" className="mt-1 h-12 w-12 flex-none text-green-700" />
          <div className="min-w-0 space-y-3">
            <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Kiitos hakemuksestasi!</h1>
            <p className="text-xl text-gray-800">
              Käymme profiilisi läpi ja ilmoitamme sinulle sähköpostilla, kun se on hyväksytty.
            </p>
          </div>
        </div>

        <section aria-labelledby="speed-up-heading" className="space-y-2 rounded-lg border-2 border-brand-100 bg-brand-50 p-5">
          <h2 id="speed-up-heading" className="text-2xl font-bold text-gray-900">
            Nopeuta hyväksyntää
          </h2>
          <p>
            Voit nopeuttaa hyväksyntää toimittamalla meille myöhemmin rikostaustaotteen ja vakuutustodistuksen.
          </p>
        </section>

        <section aria-labelledby="email-heading" className="space-y-2">
          <h2 id="email-heading" className="text-2xl font-bold text-gray-900">
            Vahvista sähköpostiosoitteesi
          </h2>
          <p>
            Lähetimme sinulle vahvistusviestin. Avaa viestin linkki, niin voit kirjautua sisään. Jos viestiä ei näy
            muutamassa minuutissa, tarkista myös roskapostikansio.
          </p>
        </section>

        <div className="space-y-4">
          <ButtonLink to="/">Palaa etusivulle</ButtonLink>
          <p>
            Lue myös{" "}
            <Link to="/kayttoehdot" className={linkClass}>
              käyttöehdot
            </Link>{" "}
            ja{" "}
            <Link to="/tietosuoja" className={linkClass}>
              tietosuojaseloste
            </Link>
            .
          </p>
        </div>
      </div>
    </PageLayout>
  );
}
