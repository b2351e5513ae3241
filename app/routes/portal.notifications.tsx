import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { linkClass } from "~/components/layout";
import { getDb } from "~/db.server";
import { formatDateTime } from "~/domain/format";
import { backofficeOrderPath, CAREGIVER_TASKS_PATH, orderPath, reviewPath } from "~/domain/portal-paths";
import { notificationsTexts as t } from "~/messages/portal";
import { listNotifications, markNotificationsRead, type NotificationRow } from "~/models/notifications.server";

// The signed-in person's notifications (spec 001 §3; issue 10), newest first. Opening the page
// reads them: the ones shown as new here are marked read, and the bell in the portal header
// counts only what arrives after (its loader answers 0 for this page, see portal.tsx).

const LIMIT = 50;

function linkFor(row: NotificationRow, isStaff: boolean): { href: string; label: string } | null {
  const order = row.order;
  if (!order) return null;
  if (order.isCustomer) {
    return order.completed && !order.reviewed ? { href: reviewPath(order.orderNumber), label: t.review } : { href: orderPath(order.orderNumber), label: t.openOrder };
  }
  if (order.isCaregiver) return { href: `${CAREGIVER_TASKS_PATH}#tehtava-${order.orderNumber}`, label: t.openTasks };
  if (isStaff) return { href: backofficeOrderPath(order.orderNumber), label: t.openBackoffice };
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const { rows, hasMore } = await listNotifications(db, user.id, LIMIT);
  // What the page shows is now read; anything newer than its newest line stays unread.
  if (rows.length > 0) await markNotificationsRead(db, user.id, rows[0].createdAt);
  return {
    capped: hasMore,
    notifications: rows.map((row) => ({
      id: row.id,
      title: row.title,
      message: row.message,
      when: formatDateTime(row.createdAt),
      isNew: !row.read,
      link: linkFor(row, user.role !== null),
      orderNumber: row.order?.orderNumber ?? null,
    })),
  };
}

export const meta: MetaFunction = () => [{ title: `${t.title} – Arkikaveri` }];

export default function NotificationsPage() {
  const { notifications, capped } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-4xl font-bold text-brand-900">{t.title}</h1>
      {notifications.length === 0 ? (
        <p className="rounded-lg border-2 border-gray-200 bg-white p-5">{t.empty}</p>
      ) : (
        <ul className="space-y-3">
          {notifications.map((notification) => (
            <li
              key={notification.id}
              className={`space-y-2 rounded-lg border-2 bg-white p-4 sm:p-5 ${notification.isNew ? "border-brand-700" : "border-gray-200"}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-xl font-bold text-gray-900">
                  {notification.isNew ? (
                    <span className="mr-2 inline-flex items-center rounded-full bg-brand-700 px-2 py-0.5 align-middle text-base font-semibold text-white">
                      {t.newBadge}
                    </span>
                  ) : null}
                  {notification.title}
                </h2>
                <p className="text-gray-800">{notification.when}</p>
              </div>
              {notification.message ? <p className="break-words">{notification.message}</p> : null}
              {notification.link ? (
                <Link to={notification.link.href} className={`inline-flex min-h-target items-center font-semibold ${linkClass}`}>
                  {notification.link.label}
                  {notification.orderNumber ? <span className="sr-only">, tilaus {notification.orderNumber}</span> : null}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {capped ? <p>{t.capped(LIMIT)}</p> : null}
    </div>
  );
}
