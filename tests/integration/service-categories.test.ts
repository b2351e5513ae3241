import { describe, expect, it, vi } from "vitest";
import { getDb } from "~/db.server";
import { DEMO_SERVICE_CATEGORIES, seedBaseData } from "~/db/seed.server";
import {
  forgetCachedServiceCategories,
  listActiveServiceCategories,
  SERVICES_CACHE_MS,
} from "~/models/service-categories.server";

// The list of services is kept in memory for a few seconds per database (issue 15): the seed's
// changes show at once, a change by another process once the kept list expires.

describe("the kept list of services", () => {
  it("is kept for a while, but a transaction and an expired copy read the database", async () => {
    const db = await getDb();
    await db.insertInto("service_categories").values({ slug: "kept-list", name: "Pidetty palvelu", sort_order: 1 }).execute();
    forgetCachedServiceCategories();
    expect((await listActiveServiceCategories(db)).map((service) => service.slug)).toContain("kept-list");

    // Another process takes the service off the list.
    await db.updateTable("service_categories").set({ is_active: false }).where("slug", "=", "kept-list").execute();
    expect((await listActiveServiceCategories(db)).map((service) => service.slug)).toContain("kept-list");
    const inTransaction = await db.transaction().execute((trx) => listActiveServiceCategories(trx));
    expect(inTransaction.map((service) => service.slug)).not.toContain("kept-list");

    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now() + SERVICES_CACHE_MS + 1);
    try {
      expect((await listActiveServiceCategories(db)).map((service) => service.slug)).not.toContain("kept-list");
    } finally {
      clock.mockRestore();
    }
  });

  it("shows the services the seed adds at once, and hands out copies", async () => {
    const db = await getDb();
    const before = await listActiveServiceCategories(db);
    expect(before.map((service) => service.slug)).not.toContain(DEMO_SERVICE_CATEGORIES[0].slug);

    await seedBaseData(db);
    const after = await listActiveServiceCategories(db);
    expect(after.map((service) => service.slug)).toEqual(expect.arrayContaining(DEMO_SERVICE_CATEGORIES.map((category) => category.slug)));

    // A caller changing its list changes nothing for the next.
    const count = after.length;
    after[0].name = "Muutettu";
    after.length = 0;
    const again = await listActiveServiceCategories(db);
    expect(again).toHaveLength(count);
    expect(again[0].name).not.toBe("Muutettu");
  });
});
