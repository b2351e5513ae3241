import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { access, menuForRole } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { badForm, requireStaffActor } from "~/backoffice/staff.server";
import { SubmitButton } from "~/components/button";
import { STAFF_NOTICE_TITLES, staffNoticeTexts } from "~/messages/staff-notices";
import { countOpenStaffNotices, listOpenStaffNotices, markStaffNoticeHandled } from "~/models/staff-notices.server";
import { redirectWithToast } from "~/services/flash.server";
import { StatCards, inlineLinkClass, type StatCard } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import type { StaffRole } from "~/db/schema";
import { helsinkiToday } from "~/domain/booking-window";
import { formatDate, formatDateTime, formatEuros, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { invoiceMonthName } from "~/domain/series-invoice";
import type { ListCount } from "~/domain/list-query";
import {
  getDashboardFigures,
  getPayoutsDue,
  listOverdueInvoices,
  listUnassignedSoon,
  listVisitsNeedingAttention,
  listWaitingApplications,
} from "~/models/backoffice-dashboard.server";
import { visitLifecycleTexts } from "~/messages/visit-lifecycle";
import { listUnfinishedRescheduleRefunds } from "~/models/order-reschedule.server";
import { now as clockNow } from "~/services/clock.server";

// The back-office front page (spec 001 §2; issue 14 "Dashboard"): real figures on cards that
// open their lists, and what needs attention now, each shown only to the roles that may act on it.

/** The open notices the home lists; the menu's count says how many there are in all. */
const NOTICES_SHOWN = 20;

function may(role: StaffRole, roles: readonly StaffRole[]) {
  return roles.includes(role);
}

function figure(count: ListCount): string {
  return `${count.kind === "atLeast" ? "yli " : ""}${new Intl.NumberFormat("fi-FI").format(count.value)}`;
}

interface AttentionItem {
  key: string;
  label: string;
  detail: string;
  href: string;
}

interface AttentionGroup {
  id: string;
  title: string;
  total: string;
  items: AttentionItem[];
  more: { label: string; href: string } | null;
  empty: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.backoffice);
  const db = await getDb();
  const now = clockNow();
  const role = user.role;
  const figures = await getDashboardFigures(db, now);

  const cards: StatCard[] = [];
  if (may(role, access.users)) cards.push({ label: "Asiakkaat", value: figure(figures.customers), to: "/backoffice/users" });
  if (may(role, access.caregivers)) {
    cards.push({
      label: "Kaverit",
      value: figure(figures.caregiversApproved),
      detail: `${figure(figures.caregiversPending)} odottaa hyväksyntää`,
      to: "/backoffice/caregivers",
    });
  }
  if (may(role, access.orders)) {
    cards.push({
      label: "Avoimet tilaukset",
      value: figure(figures.ordersOpen),
      detail: `${figure(figures.ordersUnassigned)} ilman kaveria`,
      to: "/backoffice/orders?tila=avoimet",
    });
  }
  if (may(role, access.payments)) {
    cards.push({
      label: "Myynti 30 päivää",
      value: formatEuros(figures.revenueLast30DaysCents),
      detail: "valmiit tilaukset",
      to: "/backoffice/payments",
    });
  }

  // Customers' messages, helpers' rejections and contact requests (issue 26 item 6): orders staff.
  const notices = may(role, access.orders)
    ? (await listOpenStaffNotices(db, NOTICES_SHOWN)).map((notice) => ({
        id: notice.id,
        title: notice.orderNumber ? `${STAFF_NOTICE_TITLES[notice.kind]}: ${notice.orderNumber}` : STAFF_NOTICE_TITLES[notice.kind],
        summary: notice.summary,
        at: formatDateTime(notice.createdAt),
        href: notice.orderNumber ? `/backoffice/orders/${encodeURIComponent(notice.orderNumber)}` : null,
        contact: notice.contact,
      }))
    : null;

  const groups: AttentionGroup[] = [];
  if (may(role, access.caregivers)) {
    const waiting = await listWaitingApplications(db);
    groups.push({
      id: "applications",
      title: "Hakemukset odottavat",
      total: figure(waiting.total),
      items: waiting.rows.map((row) => ({
        key: row.id,
        label: row.fullName,
        detail: `${row.city}, hakenut ${formatDate(row.appliedAt)}`,
        href: `/backoffice/caregivers/${row.id}`,
      })),
      more: waiting.total.value > waiting.rows.length ? { label: "Kaikki odottavat hakemukset", href: "/backoffice/caregivers?tila=pending" } : null,
      empty: "Ei odottavia hakemuksia.",
    });
  }
  if (may(role, access.orders)) {
    const soon = await listUnassignedSoon(db, now);
    groups.push({
      id: "unassigned",
      title: "Ilman kaveria seuraavan 48 tunnin aikana",
      total: figure(soon.total),
      items: soon.rows.map((row) => ({
        key: row.orderNumber,
        label: row.orderNumber,
        detail: `${row.serviceName}, ${row.city}, ${formatWeekdayDate(row.startsAt)} ${formatTimeRange(row.startsAt, row.endsAt)}`,
        href: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}`,
      })),
      more: { label: "Kaikki tilaukset ilman kaveria", href: "/backoffice/orders?kaveri=ei" },
      empty: "Kaikilla lähipäivien tilauksilla on kaveri.",
    });
    for (const kind of ["not_started", "suspended_caregiver"] as const) {
      const visits = await listVisitsNeedingAttention(db, kind, now);
      const texts = visitLifecycleTexts.attention[kind];
      groups.push({
        id: kind === "not_started" ? "not-started" : "suspended-caregiver",
        title: texts.title,
        total: figure(visits.total),
        items: visits.rows.map((row) => ({
          key: row.orderNumber,
          label: row.orderNumber,
          detail: `${row.serviceName}, ${row.city}, ${formatWeekdayDate(row.startsAt)} ${formatTimeRange(row.startsAt, row.endsAt)}`,
          href: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}`,
        })),
        more: null,
        empty: texts.empty,
      });
    }
  }
  if (may(role, access.payments)) {
    const overdue = await listOverdueInvoices(db, helsinkiToday(now));
    groups.push({
      id: "overdue",
      title: "Erääntyneet laskut",
      total: figure(overdue.total),
      items: overdue.rows.map((row) => ({
        key: String(row.invoiceNumber),
        ...(row.kind === "single"
          ? { label: `Lasku ${row.invoiceNumber} (${row.orderNumber})`, href: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}/maksu` }
          : { label: `Kuukausilasku ${row.invoiceNumber} (${invoiceMonthName(row.month)})`, href: "/backoffice/payments#series-invoices-heading" }),
        detail: `${row.customerName}, ${formatEuros(row.amountCents)}, eräpäivä ${formatDate(row.dueDate)}`,
      })),
      more: overdue.total.value > overdue.rows.length ? { label: "Kaikki maksut", href: "/backoffice/payments" } : null,
      empty: "Ei erääntyneitä laskuja.",
    });
    // A move to a cheaper time whose refund the provider refused even after the job's retries.
    const refunds = await listUnfinishedRescheduleRefunds(db, NOTICES_SHOWN);
    groups.push({
      id: "refunds",
      title: "Palautukset tekemättä",
      total: String(refunds.length),
      items: refunds.map((row) => ({
        key: row.rescheduleId,
        label: `${row.orderNumber}: palautettava ${formatEuros(row.refundCents)}`,
        detail: `${row.customerName}, aika muutettu ${formatDate(row.movedAt)}; ${row.status === "manual" ? "palauta käsin maksupalvelussa" : "maksupalvelu ei hyväksynyt palautusta"}`,
        href: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}/maksu`,
      })),
      more: null,
      empty: "Kaikki palautukset on tehty.",
    });
    const payouts = await getPayoutsDue(db);
    groups.push({
      id: "payouts",
      title: "Maksamattomat tilitykset",
      total: String(payouts.count),
      items:
        payouts.count > 0
          ? [
              {
                key: "payouts",
                label: `${payouts.count} ${payouts.count === 1 ? "tilitys" : "tilitystä"} kavereille`,
                detail: `yhteensä ${formatEuros(payouts.amountCents)}`,
                href: "/backoffice/payments",
              },
            ]
          : [],
      more: null,
      empty: "Kaikki tilitykset on maksettu.",
    });
  }

  return {
    fullName: user.fullName,
    cards,
    notices,
    noticeTotal: notices ? await countOpenStaffNotices(db) : 0,
    groups,
    sections: menuForRole(role).map(({ path, label, description }) => ({ path, label, description })),
  };
}

/** Marks a notice handled: a plain POST, answered with a redirect back here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireStaffActor(request, context, access.orders);
  const formData = await request.formData();
  const noticeId = formData.get("noticeId");
  if (formData.get("intent") !== "handle-notice" || typeof noticeId !== "string") throw badForm();
  const db = await getDb();
  const handled = await markStaffNoticeHandled(db, noticeId, user.id);
  return redirectWithToast(
    request,
    "/backoffice#notices-heading",
    handled ? { type: "success", title: staffNoticeTexts.handled } : { type: "info", title: staffNoticeTexts.alreadyHandled },
  );
}

type Notices = NonNullable<Awaited<ReturnType<typeof loader>>["notices"]>;

function StaffNotices({ notices, total }: { notices: Notices; total: number }) {
  return (
    <section aria-labelledby="notices-heading" className="space-y-3 rounded-lg border-2 border-gray-200 bg-white p-5 lg:col-span-2">
      <h3 id="notices-heading" className="text-xl font-bold text-gray-900">
        {staffNoticeTexts.groupTitle} <span className="text-gray-700">({total})</span>
      </h3>
      {notices.length === 0 ? (
        <p>{staffNoticeTexts.empty}</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {notices.map((notice) => (
            <li key={notice.id} className="space-y-2 py-3">
              <p className="font-semibold">
                {notice.href ? (
                  <Link to={notice.href} className={inlineLinkClass}>
                    {notice.title}
                  </Link>
                ) : (
                  notice.title
                )}{" "}
                <span className="font-normal text-gray-700">{notice.at}</span>
              </p>
              <p className="text-gray-800">{notice.summary}</p>
              {notice.contact ? (
                <p className="text-gray-800">
                  <a href={`tel:${notice.contact.phone.replace(/[^+\d]/g, "")}`} className={inlineLinkClass}>
                    {notice.contact.phone}
                  </a>
                  {notice.contact.email ? (
                    <>
                      {" · "}
                      <a href={`mailto:${notice.contact.email}`} className={inlineLinkClass}>
                        {notice.contact.email}
                      </a>
                    </>
                  ) : null}
                  {notice.contact.message ? <span className="block">”{notice.contact.message}”</span> : null}
                </p>
              ) : null}
              <Form method="post">
                <input type="hidden" name="noticeId" value={notice.id} />
                <SubmitButton name="intent" value="handle-notice" variant="secondary" busyLabel="Tallennetaan…">
                  {staffNoticeTexts.markHandled}
                  <span className="sr-only">: {notice.title}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function BackofficeIndex() {
  const { fullName, cards, notices, noticeTotal, groups, sections } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-6xl space-y-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{fullName ? `Tervetuloa, ${fullName}!` : "Tervetuloa!"}</h1>
        <p className="text-lg text-gray-800">Tästä näet palvelun tilanteen ja pääset hoitamaan omia tehtäviäsi.</p>
      </div>

      <section aria-labelledby="summary-heading" className="space-y-4">
        <h2 id="summary-heading" className="text-2xl font-bold text-gray-900">
          Tilannekatsaus
        </h2>
        <StatCards cards={cards} label="Luvut" />
      </section>

      <section aria-labelledby="attention-heading" className="space-y-4">
        <h2 id="attention-heading" className="text-2xl font-bold text-gray-900">
          Vaatii huomiota
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {notices ? <StaffNotices notices={notices} total={noticeTotal} /> : null}
          {groups.map((group) => (
            <section key={group.id} aria-labelledby={`${group.id}-heading`} className="space-y-3 rounded-lg border-2 border-gray-200 bg-white p-5">
              <h3 id={`${group.id}-heading`} className="text-xl font-bold text-gray-900">
                {group.title} <span className="text-gray-700">({group.total})</span>
              </h3>
              {group.items.length === 0 ? (
                <p>{group.empty}</p>
              ) : (
                <ul className="space-y-2">
                  {group.items.map((item) => (
                    <li key={item.key}>
                      <Link to={item.href} className={`${inlineLinkClass} font-semibold`}>
                        {item.label}
                      </Link>
                      <span className="block text-gray-800">{item.detail}</span>
                    </li>
                  ))}
                </ul>
              )}
              {group.more ? (
                <Link to={group.more.href} className={inlineLinkClass}>
                  {group.more.label}
                </Link>
              ) : null}
            </section>
          ))}
        </div>
      </section>

      <section aria-labelledby="sections-heading" className="space-y-4">
        <h2 id="sections-heading" className="text-2xl font-bold text-gray-900">
          Osiot
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <div key={section.path} className="rounded-lg border-2 border-gray-200 bg-white p-5">
              <dt>
                <Link to={section.path} className="inline-flex min-h-target items-center text-xl font-bold text-brand-800 underline underline-offset-4 hover:decoration-2">
                  {section.label}
                </Link>
              </dt>
              <dd className="text-gray-800">{section.description}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
