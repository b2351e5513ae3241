import type { OrderStatus } from "./statuses";

// An order's messages (DESIGN.md decision 21): one thread per order between its customer and its
// assigned helper, which staff read and write too. Pure rules, no I/O.

/** The other party is e-mailed about new messages at most once in this time per thread. */
export const MESSAGE_EMAIL_INTERVAL_MS = 60 * 60 * 1000;

/** How long one message may be (the table allows 5000; a message is a note, not a letter). */
export const MESSAGE_MAX_LENGTH = 2000;

/** Who takes part in a thread: the order's customer, its current helper, or staff. */
export type ThreadRole = "customer" | "caregiver" | "staff";

/** A cancelled order's thread can still be read but no longer written to. */
export function canWriteToThread(status: OrderStatus): boolean {
  return status !== "cancelled";
}

/**
 * Who is e-mailed when `sender` writes: the other party. Staff write to both; the customer to
 * the helper (nobody while no helper is assigned: staff read it in the back office).
 */
export function messageRecipients(sender: ThreadRole, hasCaregiver: boolean): Array<"customer" | "caregiver"> {
  switch (sender) {
    case "customer":
      return hasCaregiver ? ["caregiver"] : [];
    case "caregiver":
      return ["customer"];
    case "staff":
      return hasCaregiver ? ["customer", "caregiver"] : ["customer"];
  }
}
