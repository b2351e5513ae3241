import type { DB } from "../db.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import { lockCustomer, setCustomerStatus } from "../models/backoffice-customers.server";
import { deleteSessionsOfUser } from "../models/sessions.server";

// Freezing a customer's account (spec 001 §4 customer status; issue 14): a frozen customer
// cannot sign in (app/services/auth.server.ts) or book (app/booking/place-order.server.ts), and
// is signed out everywhere at once. Audited in the same transaction.

export type CustomerFreezeOutcome = { ok: true; changed: boolean } | { ok: false; reason: "not_found" };

export async function setCustomerFrozen(
  db: DB,
  actor: AuditActor,
  input: { customerId: string; frozen: boolean },
): Promise<CustomerFreezeOutcome> {
  return db.transaction().execute(async (trx) => {
    const customer = await lockCustomer(trx, input.customerId);
    if (!customer) return { ok: false, reason: "not_found" } as const;
    const status = input.frozen ? "suspended" : "active";
    if (customer.status === status) return { ok: true, changed: false } as const;
    await setCustomerStatus(trx, customer.id, status);
    if (input.frozen) await deleteSessionsOfUser(trx, customer.profileId);
    await writeAudit(trx, actor, {
      action: input.frozen ? "customer.freeze" : "customer.unfreeze",
      entityType: "customer",
      entityId: customer.id,
      before: { status: customer.status },
      after: { status },
    });
    return { ok: true, changed: true } as const;
  });
}
