import type { Executor } from "../db.server";

export interface ServiceCategorySummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  icon: string;
}

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
