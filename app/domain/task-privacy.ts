// What a helper may still read of a task (issue 25 item 10; decision 0018): the visit's address,
// the phone of the person met, the description and the note for the helper (door codes, pets)
// are needed to do the visit and not afterwards. They are hidden on the helper's task card 7 days
// after the visit's end and at once when it is cancelled; a reassigned order is no longer the
// helper's task at all. Pure, no I/O.
import type { OrderStatus } from "./statuses";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long after a visit's end its helper still sees the personal details (a question, a forgotten item). */
export const TASK_DETAILS_KEPT_AFTER_VISIT_MS = 7 * DAY_MS;

export function taskDetailsVisible(task: { status: OrderStatus; endsAt: Date }, now: Date): boolean {
  if (task.status === "cancelled") return false;
  return now.getTime() <= task.endsAt.getTime() + TASK_DETAILS_KEPT_AFTER_VISIT_MS;
}
