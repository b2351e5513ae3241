import type { Executor } from "../db.server";
import type { ServiceCategorySummary } from "../domain/service-category";

export type { ServiceCategorySummary };

/** The services offered to customers, in the order staff set (sort_order, then name). */
export async function listActiveServiceCategories(executor: Executor): Promise<ServiceCategorySummary[]> {
  return executor
    .selectFrom("service_categories")
    .select(["id", "slug", "name", "description", "icon"])
    .where("is_active", "=", true)
    .orderBy("sort_order")
    .orderBy("name")
    .execute();
}

/** An active service category by id (the draft's service is re-checked inside the transaction). */
export async function findActiveServiceCategory(executor: Executor, id: string): Promise<{ id: string; name: string } | null> {
  const row = await executor
    .selectFrom("service_categories")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("is_active", "=", true)
    .executeTakeFirst();
  return row ?? null;
}
