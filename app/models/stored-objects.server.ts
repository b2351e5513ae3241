import type { Executor } from "../db.server";

// Uploaded files as rows (app/services/storage.server.ts): every process reaches them, and they
// are small (photos are re-encoded to tens of kilobytes before they are stored).

export async function putStoredObject(executor: Executor, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const buffer = Buffer.from(bytes);
  await executor
    .insertInto("stored_objects")
    .values({ key, content_type: contentType, bytes: buffer })
    .onConflict((oc) => oc.column("key").doUpdateSet({ content_type: contentType, bytes: buffer }))
    .execute();
}

export async function getStoredObject(executor: Executor, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await executor.selectFrom("stored_objects").select(["bytes", "content_type"]).where("key", "=", key).executeTakeFirst();
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
}

export async function deleteStoredObject(executor: Executor, key: string): Promise<void> {
  await executor.deleteFrom("stored_objects").where("key", "=", key).execute();
}
