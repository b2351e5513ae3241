import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { DiscountRule } from "../domain/discount";
import { containsPattern } from "../domain/list-query";

// The back office's discount codes (spec 001 §2, §4): the list with its figures, creating,
// switching on and off, and deleting a code nobody has used.

/** A code's row: the rule the domain applies, plus what names it. */
export interface DiscountCodeRow extends DiscountRule {
  id: string;
  code: string;
}

const columns = [
  "id",
  "code",
  "type",
  "percent_bp as percentBp",
  "amount_cents as amountCents",
  "min_order_cents as minOrderCents",
  "max_discount_cents as maxDiscountCents",
  "valid_from as validFrom",
  "valid_until as validUntil",
  "usage_limit as usageLimit",
  "per_user_limit as perUserLimit",
  "usage_count as usageCount",
  "is_active as isActive",
] as const;

/** Newest first; `search` matches a part of the code. */
export async function listDiscountCodes(db: Executor, search: string | null, limit = 200): Promise<DiscountCodeRow[]> {
  let query = db.selectFrom("discount_codes").select(columns).orderBy("created_at", "desc").orderBy("id").limit(limit);
  if (search) query = query.where(sql<string>`upper(code)`, "like", containsPattern(search.toUpperCase()));
  return query.execute();
}

export async function getDiscountCodeStats(db: Executor, today: string) {
  const row = await db
    .selectFrom("discount_codes")
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<number>`count(*) filter (where is_active and valid_from <= ${today} and valid_until >= ${today} and (usage_limit is null or usage_count < usage_limit))::int`.as("active"),
      sql<number>`coalesce(sum(usage_count), 0)::int`.as("uses"),
      sql<number>`count(*) filter (where valid_until < ${today})::int`.as("expired"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export async function findDiscountCodeById(db: Executor, id: string): Promise<DiscountCodeRow | null> {
  return (await db.selectFrom("discount_codes").select(columns).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Null when the code exists already (the unique index on upper(code) decides). */
export async function insertDiscountCodeRow(
  trx: Executor,
  values: Omit<DiscountCodeRow, "id" | "usageCount"> & { createdBy: string },
): Promise<{ id: string } | null> {
  const row = await trx
    .insertInto("discount_codes")
    .values({
      code: values.code,
      type: values.type,
      percent_bp: values.percentBp,
      amount_cents: values.amountCents,
      min_order_cents: values.minOrderCents,
      max_discount_cents: values.maxDiscountCents,
      valid_from: values.validFrom,
      valid_until: values.validUntil,
      usage_limit: values.usageLimit,
      per_user_limit: values.perUserLimit,
      is_active: values.isActive,
      created_by: values.createdBy,
    })
    .onConflict((oc) => oc.expression(sql`upper(code)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ?? null;
}

export async function setDiscountCodeActive(trx: Executor, id: string, isActive: boolean): Promise<boolean> {
  const result = await trx.updateTable("discount_codes").set({ is_active: isActive }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a code that no order has used; a used one is kept (orders point at it) and only switched off. */
export async function deleteOrDeactivateDiscountCode(trx: Executor, id: string): Promise<"deleted" | "deactivated" | "not_found"> {
  const code = await trx.selectFrom("discount_codes").select(["id", "usage_count"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!code) return "not_found";
  const used =
    code.usage_count > 0 ||
    (await trx.selectFrom("orders").select("id").where("discount_code_id", "=", id).limit(1).executeTakeFirst()) !== undefined ||
    (await trx.selectFrom("discount_redemptions").select("id").where("discount_code_id", "=", id).limit(1).executeTakeFirst()) !== undefined;
  if (used) {
    await setDiscountCodeActive(trx, id, false);
    return "deactivated";
  }
  await trx.deleteFrom("discount_codes").where("id", "=", id).execute();
  return "deleted";
}
