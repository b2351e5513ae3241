import { connect, disconnect } from "../app/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { env } from "../app/env.server";

env();
const { db, target } = await connect();
const result = await migrateToLatest(db);
const applied = result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
console.log(
  applied.length
    ? `Applied ${applied.length} migration(s) on ${target.kind}: ${applied.join(", ")}`
    : `Database (${target.kind}) is already up to date.`,
);
await disconnect();
