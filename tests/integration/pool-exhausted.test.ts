import type { ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connect, getDb, openDatabase, useDatabase } from "~/db.server";
import { loader as healthz } from "~/routes/healthz";
import { RETRY_AFTER_SECONDS, withDatabaseFaultsAnswered } from "~/services/database-faults.server";

// Issue 30 "bounded waiting": with every pooled connection taken (here the one of a pool of one,
// held by a transaction that waits), a page answers 503 with Retry-After once DB_CONNECT_TIMEOUT_MS
// has passed instead of waiting for the connection, and /healthz answers within a second over its
// own side connection. PostgreSQL only: the embedded database is one connection by design.

const CONNECT_TIMEOUT_MS = 300;

describe.skipIf(!process.env.DATABASE_URL)("a full pool", () => {
  it("answers a page 503 with Retry-After within the connect timeout, and /healthz within a second", async () => {
    const current = await connect();
    if (current.target.kind !== "postgres") throw new Error("expected the PostgreSQL test database");
    const small = await openDatabase({ kind: "postgres", connectionString: current.target.connectionString, poolSize: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    useDatabase(small);
    let release!: () => void;
    let taken!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const connectionTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = small.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      taken();
      await held;
    });
    try {
      await connectionTaken;
      // A page whose loader needs the database, in the build as the server wraps it.
      const page = { loader: async () => (await sql<{ one: number }>`select 1 as one`.execute(await getDb())).rows[0] };
      const build = withDatabaseFaultsAnswered({ routes: { "routes/sivu": { id: "routes/sivu", path: "sivu", module: page } } } as unknown as ServerBuild);
      const loader = build.routes["routes/sivu"]!.module.loader!;
      const started = Date.now();
      const thrown = await Promise.resolve(loader({ request: new Request("http://localhost/sivu"), params: {}, context: { cspNonce: "" } })).then(
        () => null,
        (error: unknown) => error,
      );
      const waited = Date.now() - started;
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(503);
      expect((thrown as Response).headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
      expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(CONNECT_TIMEOUT_MS + 1000);

      const askedAt = Date.now();
      const health = (await healthz()) as Response;
      expect(Date.now() - askedAt).toBeLessThan(1200);
      expect(health.status).toBe(200);
    } finally {
      release();
      await holder;
      useDatabase(current);
      await small.close();
    }
  });
});
