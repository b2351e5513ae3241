import { connect, disconnect } from "../app/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { seedDemoData } from "../app/db/seed.server";
import { env } from "../app/env.server";

const config = env();
if (config.NODE_ENV === "production" && !process.argv.includes("--force")) {
  console.error("Refusing to seed demo data with NODE_ENV=production. Pass --force if you really mean it.");
  process.exit(1);
}
const { db, target } = await connect();
await migrateToLatest(db);
await seedDemoData(db);
console.log(`Demo data seeded into the ${target.kind} database.`);
await disconnect();
