import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { CACHE_CHANNEL, getDb, isSharedCacheCurrent } from "~/db.server";
import { DEFAULT_PRICE_BANDS } from "~/domain/pricing";
import { getPriceBands, setSetting } from "~/models/settings.server";

// Issue 30: a change made by another process reaches this one's kept copies at once: NOTIFY from
// the writer's transaction, LISTEN on this process's own connection. Needs a real server.

afterAll(async () => {
  await setSetting(await getDb(), "price_bands", DEFAULT_PRICE_BANDS);
});

describe.skipIf(!process.env.DATABASE_URL)("settings kept in memory, across processes", () => {
  it("keeps its copy until another process announces a change, then reads the new value within a second", async () => {
    const db = await getDb();
    const deadline = Date.now() + 5000;
    while (!isSharedCacheCurrent() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isSharedCacheCurrent()).toBe(true);
    await setSetting(db, "price_bands", DEFAULT_PRICE_BANDS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await getPriceBands(db))[0]!.hourlyCents).toBe(4000);

    // "Another process": its own connection, writing the row the way a migration or a script might.
    const [{ name }] = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows as [{ name: string }];
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      const raised = JSON.stringify(DEFAULT_PRICE_BANDS.map((band) => (band.id === "day" ? { ...band, hourlyCents: 5100 } : band)));
      await other.query(`update settings set value = $1::jsonb where key = 'price_bands'`, [raised]);
      // Unannounced, the kept copy is what this process reads: the notice is what clears it.
      expect((await getPriceBands(db))[0]!.hourlyCents).toBe(4000);

      await other.query(`select pg_notify($1, 'settings')`, [CACHE_CHANNEL]);
      const started = Date.now();
      while ((await getPriceBands(db))[0]!.hourlyCents !== 5100) {
        if (Date.now() - started > 1000) throw new Error("the change was not seen within a second");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await other.end();
    }
  });
});
