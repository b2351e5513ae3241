import { Link, useRouteLoaderData } from "@remix-run/react";
import HeartHandshake from "lucide-react/dist/esm/icons/heart-handshake.js";
import UserRound from "lucide-react/dist/esm/icons/user-round.js";
import type { ReactNode } from "react";
import { mailtoHref, telHref } from "~/domain/contact-links";
import { PageNotice } from "./toaster";

export const linkClass =
  "text-brand-800 underline underline-offset-4 hover:text-brand-900 hover:decoration-2";

/** The skip link is the first thing a keyboard user reaches; it appears when focused. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className={
        "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:inline-flex " +
        "focus:min-h-target focus:items-center focus:rounded-md focus:bg-white focus:px-4 focus:font-semibold " +
        "focus:text-brand-900 focus:shadow-lg"
      }
    >
      Siirry sisältöön
    </a>
  );
}

export function Brand() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-target items-center gap-2 rounded-md text-2xl font-bold text-brand-800 no-underline hover:text-brand-900"
    >
      <HeartHandshake aria-hidden="true" className="h-8 w-8" />
      Arkikaveri
    </Link>
  );
}

/** Who is signed in, as the root loader tells every public page (null for a visitor). */
export interface Viewer {
  name: string;
  /** Their own pages: the portal, the helper's tasks or the back office. */
  homePath: string;
  homeLabel: string;
  /** Where 'Varaa nyt' goes: /varaa-kaveri for a signed-in customer. */
  bookingPath: string;
}

export interface SiteHeaderProps {
  /** Replaces the default 'Kirjaudu' link (or the signed-in user's own link). */
  actions?: ReactNode;
}

const headerButton =
  "inline-flex min-h-target items-center gap-2 rounded-md border-2 border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50";

/** Where 'Varaa nyt' takes this visitor: the signed-in wizard for a customer, else /varaa. */
export function useBookingPath(): string {
  const data = useRouteLoaderData("root") as { viewer?: Viewer | null } | undefined;
  return data?.viewer?.bookingPath ?? "/varaa";
}

/** A signed-in user sees their name and the way to their own pages instead of 'Kirjaudu'. */
function ViewerLink() {
  const viewer = useRouteLoaderData("root") as { viewer?: Viewer | null } | undefined;
  if (!viewer?.viewer) {
    return (
      <Link to="/auth" className={headerButton}>
        Kirjaudu
      </Link>
    );
  }
  const { name, homePath, homeLabel } = viewer.viewer;
  return (
    <Link to={homePath} className={`${headerButton} max-w-full py-1`}>
      <UserRound aria-hidden="true" className="h-5 w-5 flex-none" />
      <span className="min-w-0 break-words">
        <span className="sr-only">Kirjautuneena </span>
        {name}
        <span className="sr-only">:</span> <span className="font-normal underline underline-offset-4">{homeLabel}</span>
      </span>
    </Link>
  );
}

export function SiteHeader({ actions }: SiteHeaderProps) {
  return (
    <header className="border-b border-brand-100 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Brand />
        <nav aria-label="Päävalikko" className="flex flex-wrap items-center gap-2">
          {actions ?? <ViewerLink />}
        </nav>
      </div>
    </header>
  );
}

const footerLink = "inline-flex min-h-target items-center text-white underline underline-offset-4 hover:decoration-2";

const FOOTER_NAVS = [
  {
    title: "Palvelu",
    links: [
      { href: "/#palvelut", label: "Palvelut" },
      { href: "/#hinnat", label: "Hinnat" },
      { href: "/varaa", label: "Varaa kaveri" },
      { href: "/rekisteroidy-kaveriksi", label: "Hae kaveriksi" },
    ],
  },
  {
    title: "Tietoa",
    links: [
      { href: "/#yhteystiedot", label: "Yhteystiedot" },
      { href: "/kayttoehdot", label: "Käyttöehdot" },
      { href: "/tietosuoja", label: "Tietosuojaseloste" },
    ],
  },
];

/** Customer service as the footer shows it (the root loader reads it from the settings). */
export interface FooterContact {
  phone: string;
  email: string;
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const contact = (useRouteLoaderData("root") as { footerContact?: FooterContact } | undefined)?.footerContact;
  return (
    <footer className="mt-16 bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div className="space-y-2">
          <p className="text-xl font-bold">Arkikaveri</p>
          <p className="text-brand-50">Luotettava kaveri avuksi ja seuraksi arkeen.</p>
          {contact ? (
            <div>
              <p className="font-semibold">Asiakaspalvelu</p>
              <ul>
                <li>
                  <a href={telHref(contact.phone)} className={`${footerLink} whitespace-nowrap`}>
                    {contact.phone}
                  </a>
                </li>
                <li>
                  <a href={mailtoHref(contact.email)} className={`${footerLink} break-anywhere`}>
                    {contact.email}
                  </a>
                </li>
              </ul>
            </div>
          ) : null}
        </div>
        {FOOTER_NAVS.map((nav) => (
          <nav key={nav.title} aria-label={nav.title} className="space-y-1">
            <p className="font-semibold">{nav.title}</p>
            <ul>
              {nav.links.map((link) => (
                <li key={link.href}>
                  {/* Hash links are plain anchors to the landing page so they work from every page. */}
                  {link.href.startsWith("/#") ? (
                    <a href={link.href} className={footerLink}>
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.href} className={footerLink}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-brand-700">
        <p className="mx-auto max-w-6xl px-4 py-4 text-brand-50 sm:px-6">© {year} Arkikaveri</p>
      </div>
    </footer>
  );
}

export interface PageLayoutProps {
  children: ReactNode;
  /** A reading-width column (forms, legal texts) instead of the full page width. */
  narrow?: boolean;
  /** Passed on to SiteHeader. */
  headerActions?: ReactNode;
  /** Without the default padding and width, for pages that lay out full-bleed sections. */
  bare?: boolean;
}

export function PageLayout({ children, narrow, headerActions, bare }: PageLayoutProps) {
  const width = narrow ? "max-w-3xl" : "max-w-6xl";
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader actions={headerActions} />
      <main id="main" tabIndex={-1} className={bare ? "flex-1 focus:outline-none" : `mx-auto w-full flex-1 px-4 py-8 sm:px-6 sm:py-12 focus:outline-none ${width}`}>
        <PageNotice className={bare ? "mx-auto max-w-6xl px-4 pt-4 sm:px-6" : ""} />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
