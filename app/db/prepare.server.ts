import { sql } from "kysely";
import type { DB } from "../db.server";
import { logger } from "../logger.server";
import { migrateToLatest } from "./migrate.server";
import { seedBaseData, seedDemoData } from "./seed.server";

/**
 * Migrates, then fills a database that has never been seeded: with the demo data (people with a
 * public password, orders) when asked, otherwise only with what the service needs to run (the
 * settings and the services). Production never gets demo data: its first admin is made by
 * `npm run admin:create` (DESIGN.md decision 20).
 */
/** Demo data only on the embedded database outside production; otherwise the settings and services. */
export function seedModeFor(target: { kind: string }, nodeEnv: string): "demo" | "base" {
  return target.kind === "pglite" && nodeEnv !== "production" ? "demo" : "base";
}

export async function prepareDatabase(db: DB, options: { seedIfEmpty: "demo" | "base" }) {
  const result = await migrateToLatest(db);
  const applied = result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
  if (applied.length) logger.info({ applied }, "migrations applied");

  const { count } = await db
    .selectFrom("service_categories")
    .select(sql<number>`count(*)::int`.as("count"))
    .executeTakeFirstOrThrow();
  if (count > 0) return;
  if (options.seedIfEmpty === "demo") {
    await seedDemoData(db);
    logger.info("demo data seeded");
  } else {
    await seedBaseData(db);
    logger.info("settings and services seeded (no demo data)");
  }
}
