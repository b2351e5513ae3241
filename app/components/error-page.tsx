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
  500: {
    heading: "Jotain meni pieleen",
    body: <p className="text-2xl font-semibold">Odottamaton virhe. Yritä uudelleen.</p>,
    detail: "Jos virhe toistuu, ota yhteyttä asiakaspalveluumme.",
  },
} as const;

export function ErrorPage({ status }: { status: keyof typeof texts }) {
  const text = texts[status];
  return (
    <PageLayout narrow>
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <h1 className="text-6xl font-bold text-brand-800">{text.heading}</h1>
        {text.body}
        <p className="text-gray-800">{text.detail}</p>
        <ButtonLink to="/" className="mt-4">
          Palaa etusivulle
        </ButtonLink>
      </div>
    </PageLayout>
  );
}
