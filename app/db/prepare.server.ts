import { sql } from "kysely";
import type { DB } from "../db.server";
import { logger } from "../logger.server";
import { migrateToLatest } from "./migrate.server";
import { seedDemoData } from "./seed.server";

/** Migrates, then seeds demo data if asked and the database has never been seeded. */
export async function prepareDatabase(db: DB, options: { seedIfEmpty: boolean }) {
  const result = await migrateToLatest(db);
  const applied = result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
  if (applied.length) logger.info({ applied }, "migrations applied");

  if (options.seedIfEmpty) {
    const { count } = await db
      .selectFrom("service_categories")
      .select(sql<number>`count(*)::int`.as("count"))
      .executeTakeFirstOrThrow();
    if (count === 0) {
      await seedDemoData(db);
      logger.info("demo data seeded");
    }
  }
}
