import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import type { Database } from "./db/schema";
import { env } from "./env.server";
import { logger } from "./logger.server";

export type { Database } from "./db/schema";
export type DB = Kysely<Database>;
/** A query function takes `db` or a transaction: both satisfy this type. */
export type Executor = Kysely<Database> | Transaction<Database>;

// One representation per type, whichever driver: dates and times stay Helsinki-local strings
// ('2026-11-21', '14:00:00'), and counts (bigint) come back as numbers. Money is integer cents.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.TIME, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type DatabaseTarget =
  | { kind: "postgres"; connectionString: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | null };

interface Handle {
  db: DB;
  target: DatabaseTarget;
  close: () => Promise<void>;
}

/**
 * Opens a database. PGlite is one PostgreSQL backend with one connection, so it is reached
 * through node-postgres with a pool of exactly one client: a transaction holds that client
 * until it commits, and concurrent requests queue instead of interleaving their statements.
 * The same Kysely dialect and driver then serve both modes.
 */
/**
 * Session settings of every PostgreSQL connection. No JIT: the app's queries are short lookups,
 * and a planner cost guess above jit_above_cost (as for the orders search of a common name,
 * app/models/backoffice-orders.server.ts) spent 160 ms compiling a query that runs in 11 ms.
 */
export const POSTGRES_SESSION_OPTIONS = "-c jit=off";

export async function openDatabase(target: DatabaseTarget): Promise<Handle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.poolSize ?? 10,
      options: POSTGRES_SESSION_OPTIONS,
    });
    // An idle client whose server connection drops emits 'error'; without a listener that
    // would crash the process. The next query reconnects, so logging is enough.
    pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, target, close: () => db.destroy() };
  }

  if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
  const lite = await PGlite.create({
    dataDir: target.dataDir ?? undefined,
    extensions: { btree_gist, pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers would sit in this process's memory; a small
    // service's whole database fits in far less (measured: −120 MB resident at start).
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  });
  const pool = new pg.Pool(createPgConfig(lite));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    target,
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

export function targetFromEnv(): DatabaseTarget {
  const e = env();
  if (e.DATABASE_URL) return { kind: "postgres", connectionString: e.DATABASE_URL };
  return { kind: "pglite", dataDir: path.join(e.DATA_DIR, "pglite") };
}

// The server entry, the Remix bundle and scripts may each load this module; the database lives
// on globalThis so that they all share one PGlite instance (two on one folder would corrupt it).
const globalKey = Symbol.for("arkikaveri.database");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

export function connect(target: DatabaseTarget = targetFromEnv()): Promise<Handle> {
  const g = globalThis as GlobalWithDb;
  g[globalKey] ??= openDatabase(target);
  return g[globalKey];
}

/** Lets tests and scripts install their own database (for example an in-memory PGlite). */
export function useDatabase(handle: Handle) {
  (globalThis as GlobalWithDb)[globalKey] = Promise.resolve(handle);
}

export async function disconnect() {
  const g = globalThis as GlobalWithDb;
  const pending = g[globalKey];
  g[globalKey] = undefined;
  if (pending) await (await pending).close();
}

export async function getDb(): Promise<DB> {
  return (await connect()).db;
}

export async function isDatabaseReachable(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
