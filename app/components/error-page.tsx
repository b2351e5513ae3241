import { Link } from "@remix-run/react";

const texts = {
  404: { heading: "404", body: "Oops! Page not found" },
  403: { heading: "403", body: "Ei käyttöoikeutta tälle sivulle." },
  500: { heading: "Jotain meni pieleen", body: "Odottamaton virhe. Yritä uudelleen." },
} as const;

export function ErrorPage({ status }: { status: keyof typeof texts }) {
  const text = texts[status];
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-5xl font-bold text-brand-800">{text.heading}</h1>
      <p className="text-xl">{text.body}</p>
      <Link to="/" className="inline-flex min-h-target items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
        Palaa etusivulle
      </Link>
    </main>
  );
}
