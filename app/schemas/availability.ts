import { isIsoDate } from "~/domain/booking-window";
import { MINUTES_PER_DAY, PLAN_STEP_MINUTES } from "~/domain/availability";
import { isUuid } from "~/domain/uuid";
import { availabilityErrors as m } from "~/messages/availability";
import { z } from "./zod";

// The forms of a helper's availability (issue 27 item 1): the weekly plan (seven days, each any
// number of rows of start and end on whole or half hours; an empty row is no time), a date range
// away, and extra hours on a date. Whether dates are in the past is checked in the action, which
// knows the clock.

const minute = (max: number, min: number) =>
  z
    .string({ error: m.pickTime })
    .regex(/^\d{1,4}$/, { error: m.pickTime })
    .transform(Number)
    .refine((value) => value >= min && value <= max && value % PLAN_STEP_MINUTES === 0, { error: m.pickTime });

const startMinute = minute(MINUTES_PER_DAY - PLAN_STEP_MINUTES, 0);
const endMinute = minute(MINUTES_PER_DAY, PLAN_STEP_MINUTES);

const RangeRowSchema = z
  .object({ start: startMinute.optional(), end: endMinute.optional() })
  .superRefine((row, ctx) => {
    if (row.start !== undefined && row.end === undefined) ctx.addIssue({ code: "custom", message: m.endMissing, path: ["end"] });
    if (row.start === undefined && row.end !== undefined) ctx.addIssue({ code: "custom", message: m.startMissing, path: ["start"] });
    if (row.start !== undefined && row.end !== undefined && row.end <= row.start) ctx.addIssue({ code: "custom", message: m.endBeforeStart, path: ["end"] });
  });

export const WeeklyPlanSchema = z.object({
  intent: z.literal("weekly"),
  days: z.array(z.object({ ranges: z.array(RangeRowSchema).max(12).optional() }).optional()).max(7).optional(),
});

const date = z.string({ error: m.dateMissing }).refine(isIsoDate, { error: m.dateInvalid });

export const AwaySchema = z
  .object({ intent: z.literal("away"), startsOn: date, endsOn: date })
  .refine((value) => value.endsOn >= value.startsOn, { error: m.toBeforeFrom, path: ["endsOn"] });

export const ExtraHoursSchema = z
  .object({ intent: z.literal("extra"), date, start: z.string({ error: m.startMissing }).pipe(startMinute), end: z.string({ error: m.endMissing }).pipe(endMinute) })
  .refine((value) => value.end > value.start, { error: m.endBeforeStart, path: ["end"] });

export const DeleteExceptionSchema = z.object({ intent: z.literal("delete-exception"), exceptionId: z.string().refine(isUuid) });
