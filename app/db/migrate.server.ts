import { Migrator, type MigrationResultSet } from "kysely";
import { migrations } from "../../migrations";
import type { DB } from "../db.server";

export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    const detail = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${detail}`, {
      cause: result.error,
    });
  }
  return result;
}
