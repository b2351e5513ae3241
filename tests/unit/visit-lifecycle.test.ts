import { describe, expect, it } from "vitest";
import type { OrderStatus, StaffRole } from "~/domain/statuses";
import { ORDER_STATUSES } from "~/domain/order-status";
import { caregiverTaskActions } from "~/domain/order-status";
import { AUTO_COMPLETE_AFTER_END_MS, START_WINDOW_BEFORE_START_MS, checkVisitTransition, type VisitActor } from "~/domain/visit-lifecycle";
import { taskDetailsVisible, TASK_DETAILS_KEPT_AFTER_VISIT_MS } from "~/domain/task-privacy";

// The visit's transition table (decision 0018) for every actor and role × from × to × the moments
// around its windows: 30 min before the start ± 1 min, the start ± 1 min, the end ± 1 min, and
// the end + 12 h ± 1 min.

const MIN = 60_000;
const startsAt = new Date("2027-03-02T08:00:00Z");
const endsAt = new Date("2027-03-02T10:00:00Z");
const at = (ms: number) => new Date(startsAt.getTime() + ms);
const afterEnd = (ms: number) => new Date(endsAt.getTime() + ms);

const moments: Record<string, Date> = {
  "31 min before the start": at(-START_WINDOW_BEFORE_START_MS - MIN),
  "29 min before the start": at(-START_WINDOW_BEFORE_START_MS + MIN),
  "1 min before the start": at(-MIN),
  "1 min after the start": at(MIN),
  "1 min before the end": afterEnd(-MIN),
  "1 min after the end": afterEnd(MIN),
  "12 h − 1 min after the end": afterEnd(AUTO_COMPLETE_AFTER_END_MS - MIN),
  "12 h + 1 min after the end": afterEnd(AUTO_COMPLETE_AFTER_END_MS + MIN),
};

type Who = { actor: VisitActor; role?: StaffRole };
const everyone: Who[] = [
  { actor: "helper" },
  { actor: "staff", role: "admin" },
  { actor: "staff", role: "moderator" },
  { actor: "staff", role: "support" },
  { actor: "customer" },
  { actor: "system" },
];

/** The expected answer, written out from the issue's rules rather than from the table. */
function expected(who: Who, from: OrderStatus, to: OrderStatus, moment: string): boolean {
  const m = Object.keys(moments).indexOf(moment);
  const inStartWindow = m >= 1 && m <= 4; // 29 min before the start … 1 min before the end
  const afterStart = m >= 3;
  const beforeStart = m <= 2;
  if (from === "completed" || from === "cancelled") return false;
  switch (who.actor) {
    case "helper":
      return (from === "pending" && to === "in_progress" && inStartWindow) || (from === "in_progress" && to === "completed" && afterStart);
    case "staff":
      if (to === "cancelled") return who.role === "admin";
      if (from === "pending" && to === "in_progress") return inStartWindow;
      if (from === "in_progress" && to === "pending") return m <= 4;
      if ((from === "pending" || from === "in_progress") && to === "completed") return afterStart;
      return false;
    case "customer":
      return (from === "pending" || from === "pending_payment") && to === "cancelled" && beforeStart;
    case "system":
      if (from === "pending_payment") return to === "pending" || to === "cancelled";
      if (from === "pending") return to === "cancelled";
      return from === "in_progress" && to === "completed" && m === 7;
  }
}

describe("the visit transition table", () => {
  for (const who of everyone) {
    it(`answers ${who.actor}${who.role ? ` (${who.role})` : ""} for every status pair at every moment`, () => {
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          if (from === to) continue;
          for (const [moment, now] of Object.entries(moments)) {
            const check = checkVisitTransition(who, { status: from, startsAt, endsAt, hasCaregiver: true }, to, now);
            expect({ from, to, moment, ok: check.ok }).toEqual({ from, to, moment, ok: expected(who, from, to, moment) });
          }
        }
      }
    });
  }

  it("names the moment a refused start or completion becomes possible", () => {
    const visit = { status: "pending" as const, startsAt, endsAt, hasCaregiver: true };
    expect(checkVisitTransition({ actor: "helper" }, visit, "in_progress", moments["31 min before the start"]!)).toEqual({
      ok: false,
      reason: "too_early",
      opensAt: at(-START_WINDOW_BEFORE_START_MS),
    });
    expect(checkVisitTransition({ actor: "helper" }, { ...visit, status: "in_progress" }, "completed", moments["1 min before the start"]!)).toEqual({
      ok: false,
      reason: "too_early",
      opensAt: startsAt,
    });
    expect(checkVisitTransition({ actor: "helper" }, visit, "in_progress", moments["1 min after the end"]!)).toEqual({ ok: false, reason: "too_late", closedAt: endsAt });
  });

  it("never completes (pays) a visit without a helper", () => {
    for (const who of everyone) {
      expect(checkVisitTransition(who, { status: "in_progress", startsAt, endsAt, hasCaregiver: false }, "completed", afterEnd(AUTO_COMPLETE_AFTER_END_MS + MIN)).ok).toBe(false);
    }
  });

  it("drives the helper's buttons: start only in its window with a notice before it, complete after the start", () => {
    const accepted = { status: "pending" as const, accepted: true, startsAt, endsAt };
    expect(caregiverTaskActions(accepted, moments["31 min before the start"]!)).toEqual({ actions: [], notice: { kind: "start_opens", at: at(-START_WINDOW_BEFORE_START_MS) } });
    expect(caregiverTaskActions(accepted, moments["29 min before the start"]!).actions).toEqual(["start"]);
    expect(caregiverTaskActions(accepted, moments["1 min after the end"]!).notice).toEqual({ kind: "start_closed", at: endsAt });
    const started = { ...accepted, status: "in_progress" as const };
    expect(caregiverTaskActions(started, moments["1 min before the start"]!)).toEqual({ actions: [], notice: { kind: "complete_opens", at: startsAt } });
    expect(caregiverTaskActions(started, moments["1 min after the start"]!).actions).toEqual(["complete"]);
  });
});

describe("a task's personal details", () => {
  it("are shown until 7 days after the end, never for a cancelled task", () => {
    expect(taskDetailsVisible({ status: "completed", endsAt }, afterEnd(TASK_DETAILS_KEPT_AFTER_VISIT_MS - MIN))).toBe(true);
    expect(taskDetailsVisible({ status: "completed", endsAt }, afterEnd(TASK_DETAILS_KEPT_AFTER_VISIT_MS + MIN))).toBe(false);
    expect(taskDetailsVisible({ status: "cancelled", endsAt }, at(-24 * 60 * MIN))).toBe(false);
    expect(taskDetailsVisible({ status: "pending", endsAt }, at(-24 * 60 * MIN))).toBe(true);
  });
});
