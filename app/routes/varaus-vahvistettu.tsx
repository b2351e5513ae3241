import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import CheckCircle2 from "lucide-react/dist/esm/icons/check-circle-2.js";
import { thankYouLoader } from "~/booking/result-pages.server";
import { ButtonLink } from "~/components/button";
import { EmailLink, PhoneLink } from "~/components/contact-text";
import { PageLayout, linkClass } from "~/components/layout";
import type { RouteHandle } from "~/root";

/** Works fully as HTML: no JavaScript is sent for this page (root.tsx). */
export const handle: RouteHandle = { hydrate: false };

// /varaus-vahvistettu, the thank-you page (spec 000 §2): the booking was received, the
// confirmation comes by e-mail, the helper makes contact within days, and the profile can be
// finished through the link in the e-mail (DESIGN.md decision 8).

export function loader() {
  return thankYouLoader();
}

export const meta: MetaFunction = () => [{ title: "Kiitos varauksestasi – Arkikaveri" }];

export default function ThankYouPage() {
  const { contact } = useLoaderData<typeof loader>();
  return (
    <PageLayout narrow>
      <div className="space-y-8">
        <div className="flex items-start gap-4">
          <CheckCircle2 aria-hidden="true" className="mt-1 h-10 w-10 flex-none text-green-700" />
          <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Kiitos, varauksesi on vastaanotettu!</h1>
        </div>
        <ul className="space-y-4 text-lg">
          <li>
            <strong>Vahvistus tulee sähköpostiisi.</strong> Viestissä on varauksen tiedot ja kalenterimerkintä.
          </li>
          <li>
            <strong>Kaveri ottaa sinuun yhteyttä ennen käyntiä</strong> ja sopii kanssasi käynnin yksityiskohdista.
            Jos valitsit ”Ei väliä”, kerromme kaverin nimen sähköpostitse viimeistään vuorokautta ennen käyntiä.
          </li>
          <li>
            <strong>Hallitse varausta ilman kirjautumista.</strong> Vahvistusviestin Hallitse varausta -linkistä näet
            varauksesi, saat kalenterimerkinnän ja voit perua käynnin.
          </li>
          <li>
            <strong>Halutessasi viimeistele profiilisi.</strong> Sähköpostin linkistä voit asettaa itsellesi salasanan. Sen jälkeen
            näet varauksesi ja voit varata uudelleen kirjautumalla sisään.
          </li>
        </ul>
        <p>
          Kysyttävää? Soita meille <PhoneLink phone={contact.phone} /> tai kirjoita osoitteeseen <EmailLink email={contact.email} />.
        </p>
        <nav aria-label="Lisätietoa" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/tietosuoja" className={`${linkClass} inline-flex min-h-target items-center`}>
            Tietosuojaseloste
          </Link>
          <Link to="/kayttoehdot" className={`${linkClass} inline-flex min-h-target items-center`}>
            Käyttöehdot
          </Link>
        </nav>
        <ButtonLink to="/">Etusivulle</ButtonLink>
      </div>
    </PageLayout>
  );
}
