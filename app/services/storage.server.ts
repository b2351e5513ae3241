import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type * as S3Sdk from "@aws-sdk/client-s3";
import { getDb, type Executor } from "../db.server";
import { env, type Env } from "../env.server";
import { deleteStoredObject, getStoredObject, putStoredObject } from "../models/stored-objects.server";

// Uploaded files (helper photos) live behind this interface so that the web tier stays stateless
// (DESIGN.md "Runtime shape"): by default in the database every process reaches (issue 30; a photo
// uploaded through one web process is served by any other), reading files an older version left
// in the folder under DATA_DIR as a fallback; in a bucket of an S3-compatible object store when
// S3_BUCKET is set (decision 0023 §5).

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when there is no object under `key` (or `key` is not a valid key). */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

// Keys are flat names made by newObjectKey: no slashes or dots that could climb out of the folder.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{15,127}(\.[a-z0-9]{1,5})?$/;

export function isValidObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A new key that cannot be guessed (128 random bits), e.g. "photo-3f9a…c2.jpg". */
export function newObjectKey(prefix: string, extension: string): string {
  if (!/^[a-z0-9]{1,20}$/.test(prefix) || !/^[a-z0-9]{1,5}$/.test(extension)) {
    throw new Error(`newObjectKey: bad prefix or extension (${prefix}, ${extension})`);
  }
  return `${prefix}-${crypto.randomBytes(16).toString("hex")}.${extension}`;
}

function assertKey(key: string) {
  if (!isValidObjectKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Files in one folder, each with a small JSON sidecar that remembers its content type. */
export function createLocalStorage(root: string): Storage {
  const filePath = (key: string) => path.join(root, key);
  const metaPath = (key: string) => path.join(root, `${key}.meta.json`);
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      await fs.mkdir(root, { recursive: true });
      // Write to a temporary name and rename: a reader never sees half a file.
      const temporary = path.join(root, `.${key}.${crypto.randomBytes(6).toString("hex")}.tmp`);
      await fs.writeFile(temporary, bytes);
      await fs.writeFile(metaPath(key), JSON.stringify({ contentType }));
      await fs.rename(temporary, filePath(key));
    },
    async get(key) {
      if (!isValidObjectKey(key)) return null;
      try {
        const [bytes, meta] = await Promise.all([fs.readFile(filePath(key)), fs.readFile(metaPath(key), "utf8")]);
        const { contentType } = JSON.parse(meta) as { contentType?: unknown };
        return { bytes, contentType: typeof contentType === "string" ? contentType : "application/octet-stream" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await Promise.all([fs.rm(filePath(key), { force: true }), fs.rm(metaPath(key), { force: true })]);
    },
  };
}

/**
 * Objects as rows of `stored_objects`, in the database `getExecutor` gives. `legacy` is read when
 * a key is not in the database: photos uploaded before they moved there.
 */
export function createDatabaseStorage(getExecutor: () => Promise<Executor>, legacy?: Storage): Storage {
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      await putStoredObject(await getExecutor(), key, bytes, contentType);
    },
    async get(key) {
      if (!isValidObjectKey(key)) return null;
      return (await getStoredObject(await getExecutor(), key)) ?? (legacy ? legacy.get(key) : null);
    },
    async delete(key) {
      assertKey(key);
      await deleteStoredObject(await getExecutor(), key);
      await legacy?.delete(key);
    },
  };
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** The store's address when it is not AWS's own. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Without them the AWS SDK's own chain (AWS_* variables, the machine's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The bucket the environment names (S3_BUCKET and its companions), or null for none. */
export function s3ConfigFromEnv(values: Env): S3StorageConfig | null {
  if (!values.S3_BUCKET) return null;
  return {
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    endpoint: values.S3_ENDPOINT,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    credentials:
      values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * Objects in a bucket of an S3-compatible store through the AWS SDK, which is loaded on first use
 * (a set without a bucket never loads it). `legacy` is read when a key is not in the bucket:
 * objects stored before the bucket was configured.
 */
export function createS3Storage(config: S3StorageConfig, legacy?: Storage): Storage {
  let connecting: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's newer
        // default ones.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        // Bounded waiting, as for the database: a request never hangs on the store.
        maxAttempts: 3,
        requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
      }),
    })));
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      if (!isValidObjectKey(key)) return null;
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: object.ContentType ?? "application/octet-stream" };
      } catch (error) {
        // A missing key; a missing bucket or refused credentials stay errors.
        const name = (error as { name?: unknown }).name;
        if (name !== "NoSuchKey" && name !== "NotFound") throw error;
      }
      return legacy ? legacy.get(key) : null;
    },
    async delete(key) {
      assertKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
      await legacy?.delete(key);
    },
  };
}

const globalKey = Symbol.for("arkikaveri.storage");
type GlobalWithStorage = typeof globalThis & { [globalKey]?: Storage };

/**
 * The app's storage unless a test installs another: the bucket when S3_BUCKET is set, else the
 * database; either reads what the ones before it kept (the database, the old `uploads` folder).
 */
export function getStorage(): Storage {
  const g = globalThis as GlobalWithStorage;
  if (!g[globalKey]) {
    const database = createDatabaseStorage(getDb, createLocalStorage(path.join(env().DATA_DIR, "uploads")));
    const s3 = s3ConfigFromEnv(env());
    g[globalKey] = s3 ? createS3Storage(s3, database) : database;
  }
  return g[globalKey];
}

/** For tests: use this storage from now on (undefined goes back to the default). */
export function useStorage(storage: Storage | undefined) {
  (globalThis as GlobalWithStorage)[globalKey] = storage;
}
