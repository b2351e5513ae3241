import type { DB } from "../db.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import {
  deleteOrDeactivateDiscountCode,
  findDiscountCodeById,
  insertDiscountCodeRow,
  setDiscountCodeActive,
} from "../models/backoffice-discount-codes.server";
import { parseHundredths, type DiscountCodeCreateInput } from "../schemas/discount-codes";

// An admin's changes to discount codes (spec 001 §4, §5; DESIGN.md decision 19), each audited in
// its own transaction.

const optional = (value: string | undefined) => (value === undefined ? null : parseHundredths(value));
const optionalInt = (value: string | undefined) => (value === undefined ? null : Number(value.trim()));

export async function createDiscountCode(db: DB, actor: AuditActor, input: DiscountCodeCreateInput): Promise<{ ok: true; id: string } | { ok: false; reason: "taken" }> {
  const value = parseHundredths(input.value)!;
  const percentage = input.type === "percentage";
  const values = {
    code: input.code,
    type: input.type,
    percentBp: percentage ? value : null,
    amountCents: percentage ? null : value,
    minOrderCents: optional(input.minOrder),
    // A cap only makes sense on a percentage (the database refuses it on a fixed amount).
    maxDiscountCents: percentage ? optional(input.maxDiscount) : null,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    usageLimit: optionalInt(input.usageLimit),
    perUserLimit: optionalInt(input.perUserLimit),
    isActive: input.isActive ?? false,
  };
  return db.transaction().execute(async (trx) => {
    const row = await insertDiscountCodeRow(trx, { ...values, createdBy: actor.id });
    if (!row) return { ok: false, reason: "taken" } as const;
    await writeAudit(trx, actor, { action: "discount_code.create", entityType: "discount_code", entityId: row.id, after: values });
    return { ok: true, id: row.id } as const;
  });
}

export async function toggleDiscountCode(db: DB, actor: AuditActor, id: string, isActive: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const code = await findDiscountCodeById(trx, id);
    if (!code) return false;
    if (code.isActive === isActive) return true;
    await setDiscountCodeActive(trx, id, isActive);
    await writeAudit(trx, actor, { action: "discount_code.toggle", entityType: "discount_code", entityId: id, before: { isActive: code.isActive }, after: { isActive } });
    return true;
  });
}

export async function removeDiscountCode(db: DB, actor: AuditActor, id: string): Promise<"deleted" | "deactivated" | "not_found"> {
  return db.transaction().execute(async (trx) => {
    const code = await findDiscountCodeById(trx, id);
    const outcome = await deleteOrDeactivateDiscountCode(trx, id);
    if (outcome !== "not_found") {
      await writeAudit(trx, actor, {
        action: outcome === "deleted" ? "discount_code.delete" : "discount_code.toggle",
        entityType: "discount_code",
        entityId: id,
        before: { code: code?.code, isActive: code?.isActive },
        after: outcome === "deleted" ? null : { isActive: false },
      });
    }
    return outcome;
  });
}
