import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { createDatabaseStorage, createLocalStorage, newObjectKey } from "~/services/storage.server";

// Issue 30: uploads in storage every process reaches. Two storages over one database stand for two
// web processes; the folder of an older version is still read.

describe("database storage", () => {
  it("serves through one process what another stored, and forgets it when deleted", async () => {
    const uploading = createDatabaseStorage(getDb);
    const serving = createDatabaseStorage(getDb);
    const key = newObjectKey("photo", "jpg");
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x10, 0x80]);
    await uploading.put(key, bytes, "image/jpeg");

    const served = await serving.get(key);
    expect(served?.contentType).toBe("image/jpeg");
    expect([...served!.bytes]).toEqual([...bytes]);

    await serving.delete(key);
    expect(await uploading.get(key)).toBeNull();
    expect(await uploading.get("../../etc/passwd")).toBeNull();
  });

  it("reads a photo left in the old uploads folder when the database has none under its key", async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "arkikaveri-uploads-"));
    try {
      const legacy = createLocalStorage(folder);
      const key = newObjectKey("photo", "webp");
      await legacy.put(key, new Uint8Array([1, 2, 3]), "image/webp");
      const storage = createDatabaseStorage(getDb, legacy);
      expect([...(await storage.get(key))!.bytes]).toEqual([1, 2, 3]);
      await storage.delete(key);
      expect(await legacy.get(key)).toBeNull();
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
