import { connect, disconnect } from "../app/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { env } from "../app/env.server";
import { logger } from "../app/logger.server";
import { startWorker } from "../app/services/worker.server";

// The job worker on its own, for scale-out: run any number of these beside the web processes
// (with WORKER=off there) against one PostgreSQL.
env();
const { db, target } = await connect();
await migrateToLatest(db);
const stop = startWorker(db);
logger.info({ database: target.kind }, "worker started");

async function shutdown() {
  await stop();
  await disconnect();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown());
process.once("SIGINT", () => void shutdown());
