import { PageLayout } from "./layout";
import { ButtonLink } from "./button";

const texts = {
  404: {
    heading: "404",
    // The specification's exact text; marked as English so screen readers pronounce it right.
    body: <p lang="en" className="text-2xl font-semibold">Oops! Page not found</p>,
    detail: "Etsimääsi sivua ei löytynyt. Osoite voi olla kirjoitettu väärin, tai sivu on poistettu.",
  },
  403: {
    heading: "403",
    body: <p className="text-2xl font-semibold">Ei käyttöoikeutta tälle sivulle.</p>,
    detail: "Jos tarvitset pääsyn, ota yhteyttä asiakaspalveluumme.",
  },
  400: {
    heading: "Pyyntöä ei voitu käsitellä",
    body: <p className="text-2xl font-semibold">Lomakkeen tiedot olivat puutteelliset.</p>,
    detail: "Palaa edelliselle sivulle ja yritä uudelleen. Jos virhe toistuu, ota yhteyttä asiakaspalveluumme.",
  },
  405: {
    heading: "Toimintoa ei voi tehdä tällä sivulla",
    body: <p className="text-2xl font-semibold">Tämä sivu ei ota vastaan lähetettyjä tietoja.</p>,
    detail: "Palaa etusivulle ja aloita uudelleen.",
  },
  409: {
    heading: "Tiedot ehtivät muuttua",
    body: <p className="text-2xl font-semibold">Joku muu muutti samaa asiaa juuri äsken.</p>,
    detail: "Lataa sivu uudelleen ja tarkista tiedot ennen kuin yrität uudelleen.",
  },
  503: {
    heading: "Palvelu on hetken ruuhkautunut",
    body: <p className="text-2xl font-semibold">Emme ehtineet käsitellä pyyntöäsi juuri nyt.</p>,
    detail: "Mitään ei tallennettu puolivalmiina. Yritä uudelleen hetken kuluttua.",
  },
  500: {
    heading: "Jotain meni pieleen",
    body: <p className="text-2xl font-semibold">Odottamaton virhe. Yritä uudelleen.</p>,
    detail: "Jos virhe toistuu, ota yhteyttä asiakaspalveluumme.",
  },
} as const;

export type ErrorStatus = keyof typeof texts;

/** The page an HTTP status is shown with: the known ones by name, anything else as 500. */
export function errorStatusOf(status: number | null): ErrorStatus {
  return status !== null && status in texts ? (status as ErrorStatus) : 500;
}

/** The title of an error page (the root meta and the layouts' error boundaries). */
export function errorTitle(status: ErrorStatus): string {
  return status === 404 ? "Sivua ei löytynyt" : status === 500 ? "Virhe" : texts[status].heading;
}

/**
 * The message of an error page without the page around it: a layout's error boundary shows it
 * inside its own menu, so a 403 on a back-office page keeps the back office around it.
 */
export function ErrorMessage({ status, home = "/" }: { status: ErrorStatus; home?: string }) {
  const text = texts[status];
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-5xl font-bold text-brand-800 sm:text-6xl">{text.heading}</h1>
      {text.body}
      <p className="text-gray-800">{text.detail}</p>
      <ButtonLink to={home} className="mt-4">
        {home === "/" ? "Palaa etusivulle" : "Palaa alkuun"}
      </ButtonLink>
    </div>
  );
}

export function ErrorPage({ status }: { status: ErrorStatus }) {
  return (
    <PageLayout narrow>
      <ErrorMessage status={status} />
    </PageLayout>
  );
}
