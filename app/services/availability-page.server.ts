import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { DB, Executor } from "../db.server";
import { formatPlanMinute, normalizeRanges, type AvailabilityPageView, type WeeklyRange } from "../domain/availability";
import { addCalendarDays, helsinkiToday } from "../domain/booking-window";
import { formatDate } from "../domain/format";
import { availabilityErrors, availabilityTexts as t } from "../messages/availability";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import {
  deleteException,
  getAvailabilityPlan,
  insertAwayException,
  insertExtraHours,
  replaceWeeklyPlan,
} from "../models/availability.server";
import { AwaySchema, DeleteExceptionSchema, ExtraHoursSchema, WeeklyPlanSchema } from "../schemas/availability";
import { redirectWithToast } from "./flash.server";

// The server half of a helper's availability page (issue 27 item 1): /portal/saatavuus for the
// helper, and the same page in the back office for staff (every staff change is audited). Each
// of the page's forms posts an intent; a refused one answers with its form's errors (status 400),
// a saved one redirects back with a toast, so the page works the same with JavaScript off.

/** Rows shown per weekday: the stored ranges and one empty row to add another. */
export async function availabilityView(db: DB, caregiverId: string, now: Date): Promise<AvailabilityPageView> {
  const today = helsinkiToday(now);
  const plan = await getAvailabilityPlan(db, caregiverId, today);
  return {
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      ranges: [
        ...plan.weekly.filter((r) => r.weekday === weekday).map((r) => ({ start: String(r.startMinute), end: String(r.endMinute) })),
        { start: "", end: "" },
      ],
    })),
    exceptions: plan.exceptions.map((e) => ({
      id: e.id,
      line:
        e.kind === "away"
          ? t.awayLine(formatDate(e.startsOn), formatDate(e.endsOn))
          : t.extraLine(formatDate(e.startsOn), `${formatPlanMinute(e.startMinute ?? 0)}–${formatPlanMinute(e.endMinute ?? 0)}`),
    })),
    today,
  };
}

export type AvailabilityIntent = "weekly" | "away" | "extra" | "delete-exception";
export type AvailabilityActionData = { intent: AvailabilityIntent; result: SubmissionResult<string[]> };

/** Handles one of the page's forms for the helper; `staff` is the acting staff member (audited), null for the helper. */
export async function availabilityAction(
  request: Request,
  db: DB,
  input: { caregiverId: string; staff: AuditActor | null; now: Date; returnTo: string },
) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const today = helsinkiToday(input.now);
  const lastDay = addCalendarDays(today, 366);
  const refused = (intent: AvailabilityIntent, result: SubmissionResult<string[]>) => data<AvailabilityActionData>({ intent, result }, { status: 400 });
  const done = (title: string, changed = true) => redirectWithToast(request, input.returnTo, changed ? { type: "success", title } : { type: "info", title: t.noChanges });
  const audit = async (executor: Executor, after: unknown) => {
    if (input.staff) await writeAudit(executor, input.staff, { action: "caregiver.availability", entityType: "caregiver", entityId: input.caregiverId, after });
  };

  if (intent === "weekly") {
    const submission = parseWithZod(formData, { schema: WeeklyPlanSchema });
    if (submission.status !== "success") return refused(intent, submission.reply());
    const ranges: WeeklyRange[] = (submission.value.days ?? []).flatMap((day, index) =>
      normalizeRanges(
        (day?.ranges ?? []).flatMap((row) => (row.start !== undefined && row.end !== undefined ? [{ startMinute: row.start, endMinute: row.end }] : [])),
      ).map((r) => ({ weekday: index + 1, ...r })),
    );
    const changed = await db.transaction().execute(async (trx) => {
      const changed = await replaceWeeklyPlan(trx, input.caregiverId, ranges);
      if (changed) await audit(trx, { weekly: ranges });
      return changed;
    });
    return done(t.weeklySaved, changed);
  }
  if (intent === "away") {
    const submission = parseWithZod(formData, {
      schema: AwaySchema.superRefine((value, ctx) => {
        if (value.endsOn < today) ctx.addIssue({ code: "custom", message: availabilityErrors.dateInPast, path: ["endsOn"] });
        if (value.startsOn > lastDay) ctx.addIssue({ code: "custom", message: availabilityErrors.tooFar, path: ["startsOn"] });
        else if (value.endsOn > addCalendarDays(value.startsOn, 365)) ctx.addIssue({ code: "custom", message: availabilityErrors.tooLong, path: ["endsOn"] });
      }),
    });
    if (submission.status !== "success") return refused(intent, submission.reply());
    const { startsOn, endsOn } = submission.value;
    await db.transaction().execute(async (trx) => {
      await insertAwayException(trx, input.caregiverId, startsOn, endsOn);
      await audit(trx, { away: { startsOn, endsOn } });
    });
    return done(t.awaySaved);
  }
  if (intent === "extra") {
    const submission = parseWithZod(formData, {
      schema: ExtraHoursSchema.superRefine((value, ctx) => {
        if (value.date < today) ctx.addIssue({ code: "custom", message: availabilityErrors.dateInPast, path: ["date"] });
        if (value.date > lastDay) ctx.addIssue({ code: "custom", message: availabilityErrors.tooFar, path: ["date"] });
      }),
    });
    if (submission.status !== "success") return refused(intent, submission.reply());
    const { date, start, end } = submission.value;
    await db.transaction().execute(async (trx) => {
      await insertExtraHours(trx, input.caregiverId, date, start, end);
      await audit(trx, { extra: { date, startMinute: start, endMinute: end } });
    });
    return done(t.extraSaved);
  }
  if (intent === "delete-exception") {
    const submission = parseWithZod(formData, { schema: DeleteExceptionSchema });
    if (submission.status !== "success") return refused(intent, submission.reply({ formErrors: [availabilityErrors.pickTime] }));
    const removed = await db.transaction().execute(async (trx) => {
      const removed = await deleteException(trx, input.caregiverId, submission.value.exceptionId);
      if (removed) await audit(trx, { removedException: submission.value.exceptionId });
      return removed;
    });
    if (!removed) return refused(intent, submission.reply({ formErrors: [t.notFound] }));
    return done(t.removed);
  }
  throw new Response("Tuntematon lomake", { status: 400 });
}
