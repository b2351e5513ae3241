import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, NavLink, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorMessage, ErrorPage, errorStatusOf } from "~/components/error-page";
import { Brand, SkipLink } from "~/components/layout";
import { SignOutButton } from "~/components/sign-out-button";
import { requireUser } from "~/auth/guards.server";

// The portal layout for signed-in customers and helpers (spec 001 §2): Etusivu, Tilaukset (for
// customers), the user's e-mail and sign-out back to the site root. Helpers also get their
// bookings, staff a way back to the back office. Viestit and Profiili join the menu with their
// pages (issue 10); until then the menu names only pages that exist.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, isCaregiver: user.userType === "caregiver", isStaff: user.role !== null };
}

export const meta: MetaFunction = () => [{ title: "Oma sivu – Arkikaveri" }];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  "inline-flex min-h-target items-center rounded-md px-3 font-semibold " +
  (isActive ? "bg-brand-700 text-white" : "text-brand-900 underline-offset-4 hover:bg-brand-50 hover:underline");

export default function PortalLayout() {
  return (
    <PortalChrome data={useLoaderData<typeof loader>()}>
      <Outlet />
    </PortalChrome>
  );
}

/** A failed portal page keeps the portal's header and menu (see the back office's boundary). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/portal");
  const status = errorStatusOf(isRouteErrorResponse(error) ? error.status : null);
  if (!data) return <ErrorPage status={status} />;
  return (
    <PortalChrome data={data}>
      <ErrorMessage status={status} home="/portal" />
    </PortalChrome>
  );
}

function PortalChrome({ data: { email, isCaregiver, isStaff }, children }: { data: Awaited<ReturnType<typeof loader>>; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <SkipLink />
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Brand />
          <div className="flex flex-wrap items-center gap-3">
            <p className="break-all text-gray-800">
              <span className="sr-only">Kirjautuneena: </span>
              {email}
            </p>
            <SignOutButton from="portal" />
          </div>
        </div>
        <nav aria-label="Oman sivun valikko" className="mx-auto max-w-6xl px-4 pb-3 sm:px-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <NavLink to="/portal" end className={linkClass}>
                Etusivu
              </NavLink>
            </li>
            {isCaregiver ? (
              <li>
                <NavLink to="/portal/caregiver-bookings" className={linkClass}>
                  Omat varaukset
                </NavLink>
              </li>
            ) : null}
            {isCaregiver ? null : (
              <li>
                <NavLink to="/portal/orders" className={linkClass}>
                  Tilaukset
                </NavLink>
              </li>
            )}
            {isStaff ? (
              <li>
                <NavLink to="/backoffice" className={linkClass}>
                  Hallintapaneeli
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6">
        {children}
      </main>
    </div>
  );
}
