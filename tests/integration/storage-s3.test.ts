import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { resetEnvCache } from "~/env.server";
import { createDatabaseStorage, createS3Storage, getStorage, newObjectKey, type S3StorageConfig, useStorage } from "~/services/storage.server";

// Issue 30 item 5: uploads in an S3-compatible object store when S3_BUCKET is set. The real client
// (@aws-sdk/client-s3) is pointed at a small stand-in of the store, as the Stripe tests do with
// Stripe's API: path-style PUT, GET, HEAD and DELETE of objects, kept in memory, answering missing
// objects and buckets with S3's own error documents.

interface StandIn {
  port: number;
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  requests: Array<{ method: string; path: string; authorization: string | null }>;
  close(): Promise<void>;
}

const BUCKET = "arkikaveri-kuvat";
const ACCESS_KEY_ID = "AKIATESTARKIKAVERI";

async function startS3StandIn(): Promise<StandIn> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: StandIn["requests"] = [];
  const error = (response: http.ServerResponse, status: number, code: string, head: boolean) => {
    response.writeHead(status, { "Content-Type": "application/xml" });
    response.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const authorization = request.headers.authorization ?? null;
      requests.push({ method: request.method ?? "", path: url.pathname, authorization });
      const [, bucket, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      const head = request.method === "HEAD";
      if (!authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`)) return error(response, 403, "AccessDenied", head);
      if (bucket !== BUCKET) return error(response, 404, "NoSuchBucket", head);
      const object = objects.get(key);
      switch (request.method) {
        case "PUT":
          objects.set(key, { bytes: Buffer.concat(chunks), contentType: request.headers["content-type"] ?? "binary/octet-stream" });
          response.writeHead(200, { ETag: '"stand-in"' });
          return response.end();
        case "GET":
        case "HEAD":
          if (!object) return error(response, 404, "NoSuchKey", head);
          response.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.bytes.byteLength, ETag: '"stand-in"' });
          return response.end(head ? undefined : object.bytes);
        case "DELETE":
          objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return error(response, 405, "MethodNotAllowed", head);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    objects,
    requests,
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections(); // the client keeps its connections alive
      return closed;
    },
  };
}

let store: StandIn;
let config: S3StorageConfig;

beforeAll(async () => {
  store = await startS3StandIn();
  config = {
    bucket: BUCKET,
    region: "eu-north-1",
    endpoint: `http://127.0.0.1:${store.port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: "stand-in-secret" },
  };
});

afterAll(async () => {
  await store.close();
});

describe("S3 storage", () => {
  it("puts, gets and deletes an object in the bucket; a missing one is null", async () => {
    const storage = createS3Storage(config);
    const key = newObjectKey("photo", "webp");
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10]);
    await storage.put(key, bytes, "image/webp");
    expect([...store.objects.get(key)!.bytes]).toEqual([...bytes]);
    expect(store.requests.at(-1)).toMatchObject({ method: "PUT", path: `/${BUCKET}/${key}` });

    const got = await storage.get(key);
    expect(got?.contentType).toBe("image/webp");
    expect([...got!.bytes]).toEqual([...bytes]);

    await storage.delete(key);
    expect(store.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting a missing object is not an error

    const asked = store.requests.length;
    expect(await storage.get("../../etc/passwd")).toBeNull();
    expect(store.requests.length).toBe(asked); // an invalid key never reaches the store
  });

  it("reads an object stored in the database before the bucket was configured", async () => {
    const database = createDatabaseStorage(getDb);
    const key = newObjectKey("photo", "jpg");
    await database.put(key, new Uint8Array([1, 2, 3]), "image/jpeg");
    const storage = createS3Storage(config, database);
    expect(await storage.get(key)).toMatchObject({ contentType: "image/jpeg" });
    await storage.delete(key);
    expect(await database.get(key)).toBeNull();
  });

  it("fails, rather than answering 'missing', when the bucket does not exist", async () => {
    const storage = createS3Storage({ ...config, bucket: "no-such-bucket" });
    await expect(storage.get(newObjectKey("photo", "jpg"))).rejects.toMatchObject({ name: "NoSuchBucket" });
  });
});

describe("getStorage()", () => {
  const names = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;
  afterEach(() => {
    for (const name of names) delete process.env[name];
    resetEnvCache();
    useStorage(undefined);
  });

  it("uses the bucket when S3_BUCKET is set, and the database otherwise", async () => {
    Object.assign(process.env, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${store.port}`,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: "stand-in-secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    resetEnvCache();
    useStorage(undefined);
    const inBucket = newObjectKey("export", "zip");
    await getStorage().put(inBucket, new Uint8Array([9]), "application/zip");
    expect(store.objects.get(inBucket)?.contentType).toBe("application/zip");
    expect(await createDatabaseStorage(getDb).get(inBucket)).toBeNull();

    for (const name of names) delete process.env[name];
    resetEnvCache();
    useStorage(undefined);
    const inDatabase = newObjectKey("export", "zip");
    await getStorage().put(inDatabase, new Uint8Array([9]), "application/zip");
    expect(store.objects.has(inDatabase)).toBe(false);
    expect(await createDatabaseStorage(getDb).get(inDatabase)).not.toBeNull();
  });
});
