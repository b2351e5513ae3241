import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { bookingPathFor, homeLabelFor, homePathFor } from "./auth/access";
import { getOptionalUser } from "./auth/guards.server";
import { ErrorPage, errorStatusOf, errorTitle } from "./components/error-page";
import type { FooterContact, Viewer } from "./components/layout";
import { getDb } from "./db.server";
import { getContactInfo } from "./models/settings.server";
import { useNonce } from "./nonce";
import { takeToast } from "./services/flash.server";
import stylesheet from "./tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Typed loader data under single fetch (remix.config.js turns v3_singleFetch on).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export const meta: MetaFunction = ({ error }) => [
  {
    title: error ? `${errorTitle(errorStatusOf(isRouteErrorResponse(error) ? error.status : null))} – Arkikaveri` : "Arkikaveri – apua ja seuraa arkeen",
  },
  {
    name: "description",
    content: "Arkikaveri tuo luotettavan kaverin avuksi arkeen: asiointia, seuraa, kotiapua ja ulkoilua tunnin tarkkuudella.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, setCookie }, user, contact] = await Promise.all([takeToast(request), getOptionalUser(request), getContactInfo(await getDb())]);
  // The public pages' header names a signed-in user and links to their own pages (issue 13, 9).
  const viewer: Viewer | null = user
    ? { name: user.fullName || user.email, homePath: homePathFor(user), homeLabel: homeLabelFor(user), bookingPath: bookingPathFor(user) }
    : null;
  // Customer service in every page's footer, as tel: and mailto: links (issue 31).
  const footerContact: FooterContact = { phone: contact.phone, email: contact.email };
  return data({ toast, viewer, footerContact }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/**
 * A route that works fully as HTML (content pages, the booking result pages) exports
 * `handle = { hydrate: false }`: the page then ships no JavaScript at all, so it is fast on an old
 * phone. Links still work (full page loads), forms post as they do without JavaScript.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

function useHydrateRoute(): boolean {
  const matches = useMatches();
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydrateRoute();
  return (
    <html lang="fi">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // The flash notice is shown by each layout's main area (components/toaster.tsx, PageNotice).
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={errorStatusOf(isRouteErrorResponse(error) ? error.status : null)} />;
}
