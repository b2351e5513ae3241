import { announceCacheChange, isSharedCacheCurrent, onCacheChange, type Executor } from "../db.server";
import type { ServiceCategorySummary } from "../domain/service-category";

export type { ServiceCategorySummary };

// The list is on every booking page and the landing page and changes only with the seed, so each
// database's list is kept in memory for SERVICES_CACHE_MS. A write announces itself
// (announceServiceCategoriesChanged), and every process forgets its list when the notice arrives
// (app/models/settings.server.ts explains how). Reads inside a transaction go to the database.
export const SERVICES_CACHE_MS = 10_000;

let cached = new WeakMap<Executor, { list: ServiceCategorySummary[]; expires: number }>();
let generation = 0;

/** Drops the kept lists: call after writing service categories. */
export function forgetCachedServiceCategories(): void {
  cached = new WeakMap();
  generation++;
}

onCacheChange((scope) => {
  if (scope === "services" || scope === "*") forgetCachedServiceCategories();
});

/** Call in the transaction that writes service categories: every process forgets its list on commit. */
export function announceServiceCategoriesChanged(executor: Executor): Promise<void> {
  return announceCacheChange(executor, "services");
}

/** The services offered to customers, in the order staff set (sort_order, then name). */
export async function listActiveServiceCategories(executor: Executor): Promise<ServiceCategorySummary[]> {
  if (executor.isTransaction || !isSharedCacheCurrent()) return readActiveServiceCategories(executor);
  const hit = cached.get(executor);
  // A copy each time, so a caller sorting or changing its list cannot change what others read.
  if (hit && hit.expires > Date.now()) return structuredClone(hit.list);
  const readIn = generation;
  const list = await readActiveServiceCategories(executor);
  if (readIn === generation) cached.set(executor, { list: structuredClone(list), expires: Date.now() + SERVICES_CACHE_MS });
  return list;
}

function readActiveServiceCategories(executor: Executor): Promise<ServiceCategorySummary[]> {
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
