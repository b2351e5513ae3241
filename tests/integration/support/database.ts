import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, useDatabase, disconnect } from "~/db.server";
import { migrateToLatest } from "~/db/migrate.server";

let dropDatabase: (() => Promise<void>) | undefined;

/**
 * A fresh, migrated database for the current test file: a throwaway database on the server
 * named by DATABASE_URL when it is set, an in-memory PGlite otherwise. The app's `getDb()`
 * returns it for the rest of the file.
 */
export async function setUpTestDatabase() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `arkikaveri_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    const handle = await openDatabase({ kind: "postgres", connectionString: testUrl.toString(), poolSize: 5 });
    useDatabase(handle);
    dropDatabase = async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop database if exists "${name}" with (force)`);
      await cleaner.end();
    };
    await migrateToLatest(handle.db);
    return handle.db;
  }
  const handle = await openDatabase({ kind: "pglite", dataDir: null });
  useDatabase(handle);
  await migrateToLatest(handle.db);
  return handle.db;
}

export async function tearDownTestDatabase() {
  await disconnect();
  await dropDatabase?.();
  dropDatabase = undefined;
}
