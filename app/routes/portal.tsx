import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import Bell from "lucide-react/dist/esm/icons/bell.js";
import type { ReactNode } from "react";
import { ErrorMessage, ErrorPage, errorStatusOf } from "~/components/error-page";
import { Brand, SkipLink } from "~/components/layout";
import { SignOutButton } from "~/components/sign-out-button";
import { PageNotice } from "~/components/toaster";
import { requireUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { AVAILABILITY_PATH, CAREGIVER_TASKS_PATH, EARNINGS_PATH, NOTIFICATIONS_PATH, VEROTIEDOT_PATH } from "~/domain/portal-paths";
import { unreadLabel } from "~/messages/order-messages";
import { bellLabel } from "~/messages/portal";
import { countUnreadNotifications } from "~/models/notifications.server";
import { countUnreadMessages } from "~/models/order-messages.server";

// The portal layout for signed-in customers and helpers (spec 001 §2): Etusivu, Tilaukset (for
// customers), Viestit with the unread count, Profiili, the user's e-mail and sign-out back to the
// site root. Helpers also get their tasks and earnings, staff a way back to the back office. The
// bell counts unread notifications; on the notifications page itself they are being read, so it
// shows none.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const onNotifications = new URL(request.url).pathname.replace(/\/+$/, "") === NOTIFICATIONS_PATH;
  const [unread, unreadMessages] = await Promise.all([
    onNotifications ? 0 : countUnreadNotifications(db, user.id),
    countUnreadMessages(db, user.id),
  ]);
  // An applicant (not yet approved, or rejected) has the home page only (decision 0018).
  const isApplicant = user.userType === "caregiver" && user.caregiverStatus !== "approved";
  return { email: user.email, isCaregiver: user.userType === "caregiver", isApplicant, isStaff: user.role !== null, unread, unreadMessages };
}

// The menu's counts change as pages are read (opening a thread or the notifications reads them),
// so the layout's loader runs on every navigation inside the portal, not only after a form is sent.
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export const meta: MetaFunction = () => [{ title: "Oma sivu – Arkikaveri" }];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  "inline-flex min-h-target items-center rounded-md px-3 font-semibold " +
  (isActive ? "bg-brand-700 text-white" : "text-brand-900 underline-offset-4 hover:bg-brand-50 hover:underline");

function NavItem({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} end={end} className={linkClass}>
        {children}
      </NavLink>
    </li>
  );
}

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

function NotificationBell({ unread }: { unread: number }) {
  return (
    <NavLink
      to={NOTIFICATIONS_PATH}
      className={({ isActive }) =>
        "relative inline-flex min-h-target min-w-target items-center justify-center rounded-md " +
        (isActive ? "bg-brand-700 text-white" : "text-brand-900 hover:bg-brand-50")
      }
    >
      <Bell aria-hidden="true" className="h-7 w-7" />
      <span className="sr-only">{bellLabel(unread)}</span>
      {unread > 0 ? (
        <span aria-hidden="true" className="absolute right-0 top-0 inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-sm font-bold leading-6 text-white">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </NavLink>
  );
}

function PortalChrome({ data: { email, isCaregiver, isApplicant, isStaff, unread, unreadMessages }, children }: { data: Awaited<ReturnType<typeof loader>>; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <SkipLink />
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Brand />
          <div className="flex flex-wrap items-center gap-3">
            {isApplicant ? null : <NotificationBell unread={unread} />}
            <p className="break-anywhere text-gray-800">
              <span className="sr-only">Kirjautuneena: </span>
              {email}
            </p>
            <SignOutButton from="portal" />
          </div>
        </div>
        <nav aria-label="Oman sivun valikko" className="mx-auto max-w-6xl px-4 pb-3 sm:px-6">
          <ul className="flex flex-wrap gap-2">
            <NavItem to="/portal" end>
              Etusivu
            </NavItem>
            {isApplicant ? null : (
              <>
              {isCaregiver ? (
                <>
                  <NavItem to={CAREGIVER_TASKS_PATH}>Kaverin tehtävät</NavItem>
                  <NavItem to={EARNINGS_PATH}>Ansiot</NavItem>
                  <NavItem to={AVAILABILITY_PATH}>Saatavuus</NavItem>
                </>
              ) : null}
              {isCaregiver ? null : <NavItem to="/portal/orders">Tilaukset</NavItem>}
              {isCaregiver || isStaff ? null : <NavItem to={VEROTIEDOT_PATH}>Verotiedot</NavItem>}
              <NavItem to="/portal/messages">
                Viestit
                {unreadMessages > 0 ? (
                  <span className="ml-2 rounded-full bg-red-700 px-2 text-base font-bold text-white">
                    <span aria-hidden="true">{unreadMessages}</span>
                    <span className="sr-only">, {unreadLabel(unreadMessages)}</span>
                  </span>
                ) : null}
              </NavItem>
              <NavItem to="/portal/profile">Profiili</NavItem>
              </>
            )}
            {isStaff ? <NavItem to="/backoffice">Hallintapaneeli</NavItem> : null}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6">
        <PageNotice />
        {children}
      </main>
    </div>
  );
}
