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
