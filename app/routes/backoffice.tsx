import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, NavLink, Outlet, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { ErrorMessage, ErrorPage, errorStatusOf } from "~/components/error-page";
import Menu from "lucide-react/dist/esm/icons/menu.js";
import { Brand, SkipLink } from "~/components/layout";
import { SignOutButton } from "~/components/sign-out-button";
import { access, menuForRole } from "~/auth/access";
import { getDb } from "~/db.server";
import { staffNoticeTexts } from "~/messages/staff-notices";
import { countOpenStaffNotices } from "~/models/staff-notices.server";
import { PageNotice } from "~/components/toaster";
import { STAFF_ROLE_LABELS } from "~/messages/access";
import { requireStaff } from "~/auth/guards.server";

// The guarded back-office layout (spec 001 §2): admin, moderator and support only. The menu
// shows the sections the role may open (001 §6, from app/auth/access.ts); every page still
// guards itself, because a hidden link is not a permission.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  // What waits on the home's "Vaatii huomiota" (issue 26 item 6), counted beside "Etusivu".
  const notices = (access.orders as readonly string[]).includes(user.role) ? await countOpenStaffNotices(await getDb()) : 0;
  return {
    user: { email: user.email, fullName: user.fullName, role: user.role },
    menu: menuForRole(user.role).map(({ path, label }) => ({ path, label })),
    notices,
  };
}

export const meta: MetaFunction = () => [{ title: "Hallintapaneeli – Arkikaveri" }];

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  "flex min-h-target items-center rounded-md px-3 font-semibold " +
  (isActive ? "bg-brand-700 text-white" : "text-brand-900 hover:bg-brand-50 underline-offset-4 hover:underline");

function MenuLinks({ menu, notices }: { menu: { path: string; label: string }[]; notices: number }) {
  return (
    <ul className="space-y-1">
      <li>
        <NavLink to="/backoffice" end className={menuLinkClass}>
          Etusivu
          {notices > 0 ? (
            <span className="ml-2 rounded-full bg-red-700 px-2 text-sm font-bold text-white">
              <span aria-hidden="true">{notices}</span>
              <span className="sr-only">, {staffNoticeTexts.menuCount(notices)}</span>
            </span>
          ) : null}
        </NavLink>
      </li>
      {menu.map((item) => (
        <li key={item.path}>
          <NavLink to={item.path} className={menuLinkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function BackofficeLayout() {
  return (
    <BackofficeChrome data={useLoaderData<typeof loader>()}>
      <Outlet />
    </BackofficeChrome>
  );
}

/**
 * A page of the back office that failed (403 for a role without the section, 404, 500) keeps the
 * back-office header and menu, so staff can go on elsewhere. If the layout itself failed (not
 * staff), the root's error page is shown instead.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/backoffice");
  const status = errorStatusOf(isRouteErrorResponse(error) ? error.status : null);
  if (!data) return <ErrorPage status={status} />;
  return (
    <BackofficeChrome data={data}>
      <ErrorMessage status={status} home="/backoffice" />
    </BackofficeChrome>
  );
}

function BackofficeChrome({ data: { user, menu, notices }, children }: { data: Awaited<ReturnType<typeof loader>>; children: ReactNode }) {
  // Without JavaScript every link loads a new page with the menu folded; with it, fold the menu
  // after a client-side navigation too, so the chosen page is what the phone shows.
  // Only on a change of page: on a slow phone the menu may be opened before the page hydrates,
  // and folding it on the first run would snatch it from under the finger.
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <SkipLink />
      <header className="border-b border-brand-100 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex flex-wrap items-center gap-3">
            <Brand />
            <span className="text-lg font-semibold text-gray-800">Hallintapaneeli</span>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-gray-800">
              <span className="sr-only">Kirjautuneena: </span>
              <span className="break-anywhere">{user.email}</span> <span className="text-gray-700">({STAFF_ROLE_LABELS[user.role]})</span>
            </p>
            <SignOutButton from="backoffice" />
          </div>
        </div>
      </header>

      {/* On small screens the menu folds into a disclosure that works without JavaScript. */}
      <details ref={mobileMenu} className="border-b border-brand-100 bg-white px-4 py-2 lg:hidden">
        <summary className="flex min-h-target cursor-pointer items-center gap-2 font-semibold text-brand-900">
          <Menu aria-hidden="true" className="h-6 w-6" />
          Valikko
        </summary>
        <nav aria-label="Hallintapaneelin valikko (mobiili)" className="py-2">
          <MenuLinks menu={menu} notices={notices} />
        </nav>
      </details>

      <div className="flex flex-1">
        <nav aria-label="Hallintapaneelin valikko" className="hidden w-64 flex-none border-r border-brand-100 bg-white p-4 lg:block">
          <MenuLinks menu={menu} notices={notices} />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 focus:outline-none sm:px-8">
          <PageNotice />
          {children}
        </main>
      </div>
    </div>
  );
}
