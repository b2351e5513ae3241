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
  | {
      kind: "postgres";
      connectionString: string;
      poolSize?: number;
      /** How long a query waits for a free pooled connection; then it fails as a database fault. */
      connectTimeoutMs?: number;
      /** PostgreSQL's statement_timeout for every pooled connection; 0 is none. */
      statementTimeoutMs?: number;
    }
  | { kind: "pglite"; dataDir: string | null };

interface Handle {
  db: DB;
  target: DatabaseTarget;
  close: () => Promise<void>;
  /** Whether the database answers `select 1` within `timeoutMs`, without waiting for the pool. */
  ping: (timeoutMs: number) => Promise<boolean>;
  /** Whether every change made by any process would have reached this one (isSharedCacheCurrent). */
  hearsChanges: () => boolean;
}

/**
 * Session settings of every PostgreSQL connection. No JIT: the app's queries are short lookups,
 * and a planner cost guess above jit_above_cost (as for the orders search of a common name,
 * app/models/backoffice-orders.server.ts) spent 160 ms compiling a query that runs in 11 ms.
 */
export const POSTGRES_SESSION_OPTIONS = "-c jit=off";

/**
 * Opens a database. PGlite is one PostgreSQL backend with one connection, so it is reached
 * through node-postgres with a pool of exactly one client: a transaction holds that client
 * until it commits, and concurrent requests queue instead of interleaving their statements.
 * The same Kysely dialect and driver then serve both modes.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Handle> {
  if (target.kind === "postgres") {
    const statementTimeout = target.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.poolSize ?? 10,
      // Without it a request waits for a free connection for ever (issue 30: 20 s behind one lock).
      connectionTimeoutMillis: target.connectTimeoutMs ?? 5000,
      options: statementTimeout > 0 ? `${POSTGRES_SESSION_OPTIONS} -c statement_timeout=${statementTimeout}` : POSTGRES_SESSION_OPTIONS,
    });
    // A client emits 'error' when its server connection dies, checked out or not, and pg-pool
    // listens only while it is idle: a connection killed under a transaction crashed the process.
    // With this listener the query in flight fails (the request answers 503) and pg-pool drops
    // the broken client when it comes back; the next checkout connects afresh.
    pool.on("connect", (client) => {
      client.on("error", (error) => logger.warn({ db: describeDatabaseError(error) }, "database connection lost"));
    });
    // The client's own listener above has logged it already.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listener = new ChangeListener(target.connectionString);
    listener.start();
    return {
      db,
      target,
      ping: (timeoutMs) => listener.ping(timeoutMs),
      hearsChanges: () => listener.listening,
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
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
    // One process owns an embedded database: its own writes clear its caches, nobody else writes.
    hearsChanges: () => true,
    ping: (timeoutMs) => withTimeout(isDatabaseReachable(db), timeoutMs, false),
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

export function targetFromEnv(): DatabaseTarget {
  const e = env();
  if (e.DATABASE_URL) {
    return {
      kind: "postgres",
      connectionString: e.DATABASE_URL,
      poolSize: e.DB_POOL_SIZE,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    };
  }
  return { kind: "pglite", dataDir: path.join(e.DATA_DIR, "pglite") };
}

// The server entry, the Remix bundle and scripts may each load this module; the database lives
// on globalThis so that they all share one PGlite instance (two on one folder would corrupt it).
const globalKey = Symbol.for("arkikaveri.database");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

export function connect(target: DatabaseTarget = targetFromEnv()): Promise<Handle> {
  const g = globalThis as GlobalWithDb;
  g[globalKey] ??= openDatabase(target).then((handle) => {
    setSharedCacheCheck(handle.hearsChanges);
    return handle;
  });
  return g[globalKey];
}

/** Lets tests and scripts install their own database (for example an in-memory PGlite). */
export function useDatabase(handle: Handle) {
  (globalThis as GlobalWithDb)[globalKey] = Promise.resolve(handle);
  setSharedCacheCheck(handle.hearsChanges);
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

/** `select 1` through the connected database within `timeoutMs` (for /healthz). */
export async function pingDatabase(timeoutMs: number): Promise<boolean> {
  try {
    return await (await connect()).ping(timeoutMs);
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), timeoutMs);
  });
  return Promise.race([promise.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- database faults

const FAULT_CODES = new Set([
  "57P01", // admin_shutdown (pg_terminate_backend, a restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout
  "08000", "08001", "08003", "08004", "08006", // connection exceptions
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN",
]);
const FAULT_MESSAGES = [
  "timeout exceeded when trying to connect", // pg-pool: no free connection in connectionTimeoutMillis
  "Connection terminated",
  "not queryable",
  "terminating connection",
];

/**
 * Whether an error means the database could not be reached or did not answer in time (rather
 * than a bug or a refused statement): such a request is answered 503 and such a job retried.
 */
export function isDatabaseFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && FAULT_CODES.has(code)) return true;
  return FAULT_MESSAGES.some((text) => error.message.includes(text));
}

/**
 * A database error for a log line: its code and message, never the driver's client, whose
 * serialisation was about 6 KB of internals per line.
 */
export function describeDatabaseError(error: unknown): { code?: string; message: string } {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 300) };
  const code = (error as { code?: unknown }).code;
  return { ...(typeof code === "string" ? { code } : {}), message: error.message.slice(0, 300) };
}

/** A unique violation (23505) of the named index or constraint, from pg or the embedded database. */
export function isUniqueViolation(error: unknown, name: string): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return code === "23505" && (constraint === name || (typeof message === "string" && message.includes(name)));
}

// ---------------------------------------------------------------- caches across processes
//
// Processes keep copies of settings, services and rendered pages. A write announces itself with
// NOTIFY in its own transaction (delivered only when it commits), and each process LISTENs on one
// connection of its own, outside the pool, and drops its copies when a notice arrives. While that
// connection is down a process cannot hear notices, so it keeps no copies (isSharedCacheCurrent
// is false) and drops them all once it is back. The embedded database has one process.
// The registry lives on globalThis: server.ts and the Remix bundle each have their own copy of
// this module, and a write in one must clear the page copies of the other.

export const CACHE_CHANNEL = "arkikaveri_cache";

interface CacheRegistry {
  listeners: Set<(scope: string) => void>;
  isCurrent: () => boolean;
}
const registryKey = Symbol.for("arkikaveri.cache-registry");

function cacheRegistry(): CacheRegistry {
  const g = globalThis as typeof globalThis & { [registryKey]?: CacheRegistry };
  g[registryKey] ??= { listeners: new Set(), isCurrent: () => true };
  return g[registryKey];
}

function setSharedCacheCheck(isCurrent: () => boolean) {
  cacheRegistry().isCurrent = isCurrent;
}

/** Whether kept copies can be trusted: every change made by any process would have cleared them. */
export function isSharedCacheCurrent(): boolean {
  return cacheRegistry().isCurrent();
}

/** Calls `listener` whenever some process changed what `scope` names ("*" is everything). */
export function onCacheChange(listener: (scope: string) => void): () => void {
  cacheRegistry().listeners.add(listener);
  return () => cacheRegistry().listeners.delete(listener);
}

function fireCacheChange(scope: string) {
  for (const listener of cacheRegistry().listeners) {
    try {
      listener(scope);
    } catch (error) {
      logger.error({ err: error }, "cache listener failed");
    }
  }
}

/**
 * Tells every process (this one at once, the others when `executor`'s transaction commits) that
 * what `scope` names has changed.
 */
export async function announceCacheChange(executor: Executor, scope: string): Promise<void> {
  fireCacheChange(scope);
  await sql`select pg_notify(${CACHE_CHANNEL}, ${scope})`.execute(executor);
}

/** The process's own connection for LISTEN and /healthz, reconnecting by itself. */
class ChangeListener {
  listening = false;
  private client: pg.Client | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly connectionString: string) {}

  start() {
    void this.connect();
  }

  private async connect() {
    this.timer = undefined;
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 2000,
      options: POSTGRES_SESSION_OPTIONS,
      application_name: "arkikaveri-listen",
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => fireCacheChange(message.payload ?? "*"));
    try {
      await client.connect();
      await client.query(`listen ${CACHE_CHANNEL}`);
      if (this.stopped) return void client.end().catch(() => {});
      this.client = client;
      this.listening = true;
      // Notices sent while it was away are lost: drop everything kept meanwhile.
      fireCacheChange("*");
    } catch (error) {
      logger.warn({ db: describeDatabaseError(error) }, "change listener could not connect, retrying");
      client.end().catch(() => {});
      this.retry();
    }
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    logger.warn({ db: error ? describeDatabaseError(error) : { message: "ended" } }, "change listener disconnected, reconnecting");
    client.end().catch(() => {});
    this.retry();
  }

  private retry() {
    if (!this.stopped && !this.timer) this.timer = setTimeout(() => void this.connect(), 1000);
  }

  async ping(timeoutMs: number): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    return withTimeout(
      client.query("select 1").then(() => true),
      timeoutMs,
      false,
    );
  }

  async close() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.listening = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
