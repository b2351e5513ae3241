import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireCaregiver } from "~/auth/guards.server";
import { SubmitButton } from "~/components/button";
import { linkClass } from "~/components/layout";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { PageLinks } from "~/components/page-links";
import { SeriesBadge } from "~/components/series-badge";
import { getDb } from "~/db.server";
import { formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { pageNumberOf } from "~/domain/list-query";
import { caregiverTaskActions, type CaregiverAction, type TaskTimeNotice } from "~/domain/order-status";
import { CAREGIVER_TASKS_PATH } from "~/domain/portal-paths";
import { helsinkiIsoDate } from "~/domain/helsinki-clock";
import { helsinkiToday } from "~/domain/booking-window";
import { formatDayHeading, formatWeekSpan, groupByDay, resolveHelperWeek, weekBounds, weeksFrom, type HelperWeek } from "~/domain/helper-week";
import { isUuid } from "~/domain/uuid";
import {
  CAREGIVER_ACCEPTED_LABEL,
  CAREGIVER_ACTION_BUSY,
  CAREGIVER_ACTION_FAILURE,
  CAREGIVER_ACTION_FAILURE_DETAIL,
  CAREGIVER_ACTION_HINT,
  CAREGIVER_ACTION_SUCCESS,
  caregiverTasksTexts as t,
  seriesMark,
} from "~/messages/portal";
import { CAREGIVER_ACTION_LABELS } from "~/messages/statuses";
import { listCaregiverTasks, type CaregiverTaskView } from "~/models/caregiver-tasks.server";
import { now } from "~/services/clock.server";
import { performCaregiverAction, previewCaregiverAction, type CaregiverActionOutcome } from "~/services/caregiver-tasks.server";
import { visitLifecycleTexts as lt } from "~/messages/visit-lifecycle";
import { redirectWithToast } from "~/services/flash.server";

// A helper's own orders, "Kaverin tehtävät" (spec 001 §2 caregiver-bookings, §4 "Caregiver
// actions"; issue 10): the open ones soonest first, then the done and cancelled ones a page at a
// time (?sivu=2). Each card says whom to meet, where (address and phone), when, what to do and
// what it earns, with the one-tap actions the order's state allows. Only orders assigned to this
// helper are listed or changed.
//
// The open ones are grouped by day, a visit of a weekly series marked with its rule, and the
// helper can look at one week at a time (?viikko=2026-W49), from this week on (issue 27 item 6;
// decision 0041). Without a week the page lists every open task, so a new task is never out of
// sight (the assignment e-mail and notification point here).

const OPEN_LIMIT = 50;
const CLOSED_PAGE_SIZE = 20;

function cardId(orderNumber: string) {
  return `tehtava-${orderNumber}`;
}

function noticeText(notice: TaskTimeNotice | null): string | null {
  if (!notice) return null;
  switch (notice.kind) {
    case "start_opens":
      return lt.startOpensAt(notice.at);
    case "start_closed":
      return lt.startClosedAt(notice.at);
    case "complete_opens":
      return lt.completeOpensAt(notice.at);
  }
}

/** The page showing `week`, or without a week. */
function tasksPath(week: HelperWeek | null): string {
  return week ? `${CAREGIVER_TASKS_PATH}?viikko=${week.param}` : CAREGIVER_TASKS_PATH;
}

/** The week the helper was looking at when they tapped (a hidden field), if it is one they may see. */
function weekOfForm(value: FormDataEntryValue | null, at: Date): HelperWeek | null {
  return typeof value === "string" ? (resolveHelperWeek(value, at)?.week ?? null) : null;
}

function view(task: CaregiverTaskView, at: Date) {
  const { actions, notice } = caregiverTaskActions(task, at);
  return {
    id: task.id,
    cardId: cardId(task.orderNumber),
    orderNumber: task.orderNumber,
    serviceName: task.serviceName,
    status: task.status,
    day: helsinkiIsoDate(task.startsAt),
    seriesMark: seriesMark(task.seriesIntervalWeeks),
    statusLabel: task.status === "pending" && task.accepted ? CAREGIVER_ACCEPTED_LABEL : undefined,
    visitLabel: task.visitIsRecipient ? "Palvelun saaja" : "Asiakas",
    visitName: task.visitName || t.noName,
    detailsHidden: task.detailsHidden,
    visitPhone: task.visitPhone,
    actions,
    notice: noticeText(notice),
    when: `${formatWeekdayDate(task.startsAt)} ${formatTimeRange(task.startsAt, task.endsAt)}`,
    duration: formatHours(task.durationHours),
    address: task.address === null ? null : `${task.address}, ${task.postalCode} ${task.city}`,
    description: task.detailsHidden ? null : task.description || t.noDescription,
    specialNotes: task.specialNotes,
    earnings: formatEuros(task.earningsCents),
    messagesHref: `/portal/messages/${encodeURIComponent(task.orderNumber)}`,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const caregiver = await requireCaregiver(request);
  const db = await getDb();
  const url = new URL(request.url);
  const page = pageNumberOf(url.searchParams.get("sivu"));
  const at = now();
  const week = resolveHelperWeek(url.searchParams.get("viikko"), at);
  const open = await listCaregiverTasks(db, caregiver.caregiverId, { when: "open", limit: OPEN_LIMIT, now: at, ...(week ? weekBounds(week.week) : {}) });
  const closed = await listCaregiverTasks(db, caregiver.caregiverId, { when: "closed", limit: CLOSED_PAGE_SIZE, offset: (page - 1) * CLOSED_PAGE_SIZE, now: at });
  const openViews = open.rows.map((task) => view(task, at));
  const today = helsinkiToday(at);
  return {
    open: openViews,
    /** The open tasks' days, soonest first, each naming its tasks (the cards are in `open`). */
    openDays: groupByDay(openViews, (task) => task.day).map((day) => ({
      date: day.date,
      heading: day.date === today ? `${formatDayHeading(day.date)} (${t.today})` : formatDayHeading(day.date),
      taskIds: day.items.map((task) => task.id),
    })),
    openCapped: open.hasMore,
    week: week ? { param: week.week.param, heading: t.weekHeading(week.week.number, formatWeekSpan(week.week)), isThisWeek: week.isThisWeek } : null,
    weekLinks: weekLinks(week, at),
    closed: closed.rows.map((task) => view(task, at)),
    page,
    previousHref: page > 1 ? (page === 2 ? `${CAREGIVER_TASKS_PATH}#tehdyt` : `${CAREGIVER_TASKS_PATH}?sivu=${page - 1}#tehdyt`) : null,
    nextHref: closed.hasMore ? `${CAREGIVER_TASKS_PATH}?sivu=${page + 1}#tehdyt` : null,
  };
}

/** Week by week: back and forth from a week, or into this week and the next from the whole list. */
function weekLinks(week: ReturnType<typeof resolveHelperWeek>, at: Date): { label: string; href: string }[] {
  if (!week) {
    const { thisWeek, nextWeek } = weeksFrom(at);
    return [
      { label: t.thisWeek, href: tasksPath(thisWeek) },
      { label: t.nextWeek, href: tasksPath(nextWeek) },
    ];
  }
  const links: { label: string; href: string }[] = [];
  if (week.previous) links.push({ label: t.previousWeek, href: tasksPath(week.previous) });
  if (!week.isThisWeek) links.push({ label: t.thisWeek, href: tasksPath(week.thisWeek) });
  if (week.next) links.push({ label: t.nextWeek, href: tasksPath(week.next) });
  links.push({ label: t.allUpcoming, href: CAREGIVER_TASKS_PATH });
  return links;
}

/** The button's value names the action and the order ('accept:<id>'), so each card's button is busy on its own. */
function parseTask(value: FormDataEntryValue | null): { action: CaregiverAction; orderId: string } | null {
  if (typeof value !== "string") return null;
  const [action, orderId, ...rest] = value.split(":");
  if (rest.length > 0 || !Object.prototype.hasOwnProperty.call(CAREGIVER_ACTION_SUCCESS, action) || !isUuid(orderId)) return null;
  return { action: action as CaregiverAction, orderId };
}

/** Why an action was refused, in words that say when it becomes possible (decision 0018). */
function refusalDetail(action: CaregiverAction, outcome: Exclude<CaregiverActionOutcome, { ok: true }>): string {
  if (outcome.reason === "too_early") return action === "start" ? lt.startOpensAt(outcome.opensAt) : lt.completeOpensAt(outcome.opensAt);
  if (outcome.reason === "too_late") return lt.startClosedAt(outcome.closedAt);
  return CAREGIVER_ACTION_FAILURE_DETAIL;
}

/** Start and complete ask first (a confirm view, the same with or without JavaScript); accept and reject are one tap. */
function needsConfirmation(action: CaregiverAction): action is "start" | "complete" {
  return action === "start" || action === "complete";
}

export async function action({ request, context }: ActionFunctionArgs) {
  const caregiver = await requireCaregiver(request);
  const form = await request.formData();
  const task = parseTask(form.get("tehtava"));
  if (!task) throw new Response("Lomakkeen tiedot olivat puutteelliset.", { status: 400 });
  const db = await getDb();
  // Back to the week the helper was looking at.
  const back = tasksPath(weekOfForm(form.get("viikko"), now()));
  const failure = (outcome: Exclude<CaregiverActionOutcome, { ok: true }>) =>
    redirectWithToast(request, back, { type: "error", title: CAREGIVER_ACTION_FAILURE[task.action], description: refusalDetail(task.action, outcome) });

  if (needsConfirmation(task.action) && form.get("vahvista") !== "kylla") {
    const preview = await previewCaregiverAction(db, caregiver.caregiverId, task);
    if (!preview.ok) return failure(preview);
    const { startsAt, endsAt } = preview.task;
    return {
      confirm: {
        action: task.action,
        value: `${task.action}:${task.orderId}`,
        back,
        week: weekOfForm(form.get("viikko"), now())?.param ?? null,
        orderNumber: preview.task.orderNumber,
        cardId: cardId(preview.task.orderNumber),
        when: `${formatWeekdayDate(startsAt)} ${formatTimeRange(startsAt, endsAt)}`,
        whatFollows: task.action === "start" ? lt.confirmWhatFollows.start : lt.confirmWhatFollows.complete(formatEuros(preview.task.earningsCents)),
      },
    };
  }

  const outcome = await performCaregiverAction(db, { caregiverId: caregiver.caregiverId, actor: { id: caregiver.id, ip: context?.clientIp ?? null } }, task);
  if (!outcome.ok) return failure(outcome);
  // Back to the card the helper tapped (a rejected order's card is gone: the page's top then).
  const to = task.action !== "reject" ? `${back}#${cardId(outcome.orderNumber)}` : back;
  return redirectWithToast(request, to, { type: "success", title: CAREGIVER_ACTION_SUCCESS[task.action], description: `Tilaus ${outcome.orderNumber}` });
}

export const meta: MetaFunction = () => [{ title: `${t.title} – Arkikaveri` }];

type TaskCardData = ReturnType<typeof view>;

/** `week`: the week on show, sent with an action so the helper comes back to it. */
function TaskCard({ task, headingLevel, week }: { task: TaskCardData; headingLevel: "h3" | "h4"; week: string | null }) {
  const Heading = headingLevel;
  return (
    <li id={task.cardId} className="scroll-mt-4 space-y-3 rounded-lg border-2 border-brand-100 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="text-xl font-bold text-gray-900">
          <span className="block">{task.serviceName}</span>
          <span className="block text-lg font-semibold text-gray-800">{task.when}</span>
        </Heading>
        <div className="flex flex-wrap gap-2">
          {task.seriesMark ? <SeriesBadge mark={task.seriesMark} /> : null}
          <OrderStatusBadge status={task.status} audience="caregiver" label={task.statusLabel} />
        </div>
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{task.visitLabel}</dt>
        <dd className="break-words">{task.visitName}</dd>
        {task.address !== null ? (
          <>
            <dt className="font-semibold">Osoite</dt>
            <dd className="break-words">{task.address}</dd>
            <dt className="font-semibold">Puhelin</dt>
            <dd>
              {task.visitPhone ? (
                <a href={`tel:${task.visitPhone.replace(/[\s-]+/g, "")}`} className={`inline-flex min-h-target items-center ${linkClass}`}>
                  {task.visitPhone}
                </a>
              ) : (
                t.noPhone
              )}
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">Kesto</dt>
        <dd>{task.duration}</dd>
        {task.description !== null ? (
          <>
            <dt className="font-semibold">Kuvaus</dt>
            <dd className="whitespace-pre-line break-words">{task.description}</dd>
          </>
        ) : null}
        {task.specialNotes ? (
          <>
            <dt className="font-semibold">Lisätietoja kaverille</dt>
            <dd className="whitespace-pre-line break-words">{task.specialNotes}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Ansio</dt>
        <dd>{task.earnings}</dd>
        <dt className="font-semibold">Tilausnumero</dt>
        <dd>{task.orderNumber}</dd>
      </dl>
      {task.detailsHidden ? <p className="text-gray-800">{lt.detailsHidden}</p> : null}
      {task.notice ? <p className="rounded-md border-2 border-brand-100 bg-brand-50 p-3">{task.notice}</p> : null}
      <p>
        <Link to={task.messagesHref} className={`inline-flex min-h-target items-center ${linkClass}`}>
          {t.messagesLink}
          <span className="sr-only">: {task.orderNumber}</span>
        </Link>
      </p>
      {task.actions.length > 0 ? (
        <Form method="post" className="space-y-2 border-t border-gray-200 pt-3">
          {week ? <input type="hidden" name="viikko" value={week} /> : null}
          <div className="flex flex-wrap gap-3">
            {task.actions.map((action) => (
              <SubmitButton
                key={action}
                name="tehtava"
                value={`${action}:${task.id}`}
                variant={action === "reject" ? "secondary" : "primary"}
                busyLabel={CAREGIVER_ACTION_BUSY[action]}
                describedBy={`${task.cardId}-${action}`}
              >
                <span>
                  {CAREGIVER_ACTION_LABELS[action]}
                  <span className="sr-only">: {task.orderNumber}</span>
                </span>
              </SubmitButton>
            ))}
          </div>
          <ul className="space-y-1 text-gray-800">
            {task.actions.map((action) => (
              <li key={action} id={`${task.cardId}-${action}`}>
                <span className="font-semibold">{CAREGIVER_ACTION_LABELS[action]}:</span> {CAREGIVER_ACTION_HINT[action]}
              </li>
            ))}
          </ul>
        </Form>
      ) : null}
    </li>
  );
}

function TaskSection({ id, heading, tasks, empty, children }: { id: string; heading: string; tasks: TaskCardData[]; empty: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-bold text-gray-900">
        {heading}
      </h2>
      {tasks.length === 0 ? (
        <p className="rounded-lg border-2 border-gray-200 bg-white p-5">{empty}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {tasks.map((task) => (
            <TaskCard key={task.id} task={task} headingLevel="h3" week={null} />
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}

/** The open tasks under a heading a day ('maanantai 7.12.'), the week's links above them. */
function UpcomingSection({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const byId = new Map(data.open.map((task) => [task.id, task]));
  const week = data.week?.param ?? null;
  return (
    <section aria-labelledby="tulevat" className="space-y-4">
      <h2 id="tulevat" className="text-2xl font-bold text-gray-900">
        {t.openHeading}
      </h2>
      {data.week ? (
        <p className="text-xl font-semibold text-gray-900">
          {data.week.isThisWeek ? `${t.thisWeek}: ` : null}
          {data.week.heading}
        </p>
      ) : null}
      <nav aria-label={t.weekLinksLabel} className="flex flex-wrap gap-x-6 gap-y-1">
        {data.weekLinks.map((link) => (
          <Link key={link.label} to={link.href} className={`inline-flex min-h-target items-center ${linkClass}`}>
            {link.label}
          </Link>
        ))}
      </nav>
      {data.openDays.length === 0 ? (
        <p className="rounded-lg border-2 border-gray-200 bg-white p-5">{data.week ? t.weekEmpty : t.openEmpty}</p>
      ) : (
        data.openDays.map((day) => (
          <div key={day.date} className="space-y-3">
            <h3 className="text-xl font-bold text-brand-900">{day.heading}</h3>
            <ul className="grid gap-4 lg:grid-cols-2">
              {day.taskIds.map((id) => (
                <TaskCard key={id} task={byId.get(id)!} headingLevel="h4" week={week} />
              ))}
            </ul>
          </div>
        ))
      )}
      {data.openCapped ? <p>{t.openCapped(OPEN_LIMIT)}</p> : null}
    </section>
  );
}

type ConfirmData = Extract<NonNullable<ReturnType<typeof useActionData<typeof action>>>, { confirm: unknown }>["confirm"];

/** The confirm step of start and complete: what follows, then "Kyllä" or back to the list. */
function ConfirmTask({ confirm }: { confirm: ConfirmData }) {
  return (
    <section aria-labelledby="vahvista-otsikko" className="space-y-4 rounded-lg border-2 border-brand-700 bg-white p-4 sm:p-6">
      <h1 id="vahvista-otsikko" className="text-3xl font-bold text-brand-900">
        {lt.confirmHeading[confirm.action]}
      </h1>
      <p className="text-lg font-semibold">
        Tilaus {confirm.orderNumber}, {confirm.when}
      </p>
      <p>{confirm.whatFollows}</p>
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="vahvista" value="kylla" />
        {confirm.week ? <input type="hidden" name="viikko" value={confirm.week} /> : null}
        <SubmitButton name="tehtava" value={confirm.value} busyLabel={CAREGIVER_ACTION_BUSY[confirm.action]}>
          {lt.confirmButton[confirm.action]}
        </SubmitButton>
        <Link to={`${confirm.back}#${confirm.cardId}`} className={`inline-flex min-h-target items-center ${linkClass}`}>
          {lt.confirmCancel}
        </Link>
      </Form>
    </section>
  );
}

export default function CaregiverTasksPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData && "confirm" in actionData) return <ConfirmTask confirm={actionData.confirm} />;
  return (
    <div className="space-y-10">
      <h1 className="text-4xl font-bold text-brand-900">{t.title}</h1>
      <UpcomingSection data={data} />
      <TaskSection
        id="tehdyt"
        heading={data.page > 1 ? `${t.pastHeading}, sivu ${data.page}` : t.pastHeading}
        tasks={data.closed}
        empty={data.page > 1 ? t.pastPageEmpty : t.pastEmpty}
      >
        <PageLinks label="Tehtyjen tehtävien sivut" previousHref={data.previousHref} nextHref={data.nextHref} />
      </TaskSection>
    </div>
  );
}
