import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { detectImageType, type ImageType } from "../domain/image-type";
import { getStorage, newObjectKey } from "./storage.server";

// Profile photos: read from a multipart form with a real size limit, recognised by their bytes,
// re-encoded with sharp (which drops EXIF, GPS and every other piece of metadata, and turns the
// picture upright first) and stored through the storage interface.

/** 5 Mt, as the form says (spec 001 §5): 5 × 1024 × 1024 bytes is accepted, one more is not. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Stored photos fit in this square; plenty for a profile picture, small for old tablets. */
export const PHOTO_MAX_DIMENSION = 800;
/** Past this much request body the upload is abandoned: only abuse sends that much. */
const MAX_REQUEST_BYTES = 20 * 1024 * 1024;
/** An ordinary text field is never this long. */
const MAX_TEXT_FIELD_BYTES = 64 * 1024;
/** Refuses decompression bombs: a small file that unpacks into a gigantic bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;

export class UploadTooLargeError extends Error {
  constructor() {
    super("The upload is larger than the server accepts");
    this.name = "UploadTooLargeError";
  }
}

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

export interface FormWithFile {
  /** The text fields. The file is not in here. */
  formData: FormData;
  /** The file sent in `fileField`, or null when none was chosen (or it was too large). */
  file: UploadedFile | null;
  /** A file was sent but it was larger than `maxFileBytes`. */
  fileTooLarge: boolean;
}

/**
 * Reads a multipart/form-data request: its text fields, and at most one file from `fileField`,
 * counting bytes as they arrive so that nothing over `maxFileBytes` is kept in memory. Other file
 * fields are read and dropped. Throws UploadTooLargeError when the whole body passes 20 MB.
 */
export async function parseFormWithFile(
  request: Request,
  { fileField, maxFileBytes }: { fileField: string; maxFileBytes: number },
): Promise<FormWithFile> {
  let total = 0;
  let file: UploadedFile | null = null;
  let fileTooLarge = false;

  const count = (chunk: Uint8Array) => {
    total += chunk.byteLength;
    if (total > MAX_REQUEST_BYTES) throw new UploadTooLargeError();
  };

  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (typeof filename !== "string") {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        count(chunk);
        size += chunk.byteLength;
        if (size > MAX_TEXT_FIELD_BYTES) throw new UploadTooLargeError();
        chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    const wanted = name === fileField && file === null && !fileTooLarge;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      count(chunk);
      size += chunk.byteLength;
      // Keep reading past the limit (and throw the bytes away) so that the browser gets our
      // answer instead of a broken connection.
      if (wanted && size <= maxFileBytes) chunks.push(chunk);
    }
    if (!wanted) return undefined;
    // A file input left empty still sends a part: no name, no bytes.
    if (size === 0 && !filename) return undefined;
    if (size > maxFileBytes) fileTooLarge = true;
    else file = { bytes: Buffer.concat(chunks), filename };
    return undefined;
  };

  const formData = await unstable_parseMultipartFormData(request, handler);
  return { formData, file, fileTooLarge };
}

export interface ProcessedPhoto {
  bytes: Buffer;
  contentType: "image/jpeg";
  /** What the upload really was. */
  sourceType: ImageType;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded photo: JPEG, PNG or WebP by its bytes, at most `maxBytes`, decodable.
 * Returns a JPEG of at most 800 × 800 without any metadata, or null when the file is not an
 * acceptable image. JPEG is the output because every browser an older customer may use shows it.
 */
export async function processProfilePhoto(bytes: Uint8Array, maxBytes = MAX_PHOTO_BYTES): Promise<ProcessedPhoto | null> {
  if (bytes.byteLength === 0 || bytes.byteLength > maxBytes) return null;
  const sourceType = detectImageType(bytes);
  if (!sourceType) return null;
  try {
    // sharp (libvips) is loaded with the first photo, not with the server.
    const { default: sharp } = await import("sharp");
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const metadata = await image.metadata();
    // The decoder must agree with the magic bytes (a PNG header on something else is refused).
    const decodedAs = metadata.format === "jpeg" ? "image/jpeg" : metadata.format === "png" ? "image/png" : metadata.format === "webp" ? "image/webp" : null;
    if (decodedAs !== sourceType) return null;
    const { data, info } = await image
      .rotate() // apply the EXIF orientation before the EXIF block is dropped
      .resize({ width: PHOTO_MAX_DIMENSION, height: PHOTO_MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" }) // transparent PNG/WebP: white, not black, behind
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/jpeg", sourceType, width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt data, or more pixels than we accept.
    return null;
  }
}

/** Stores a processed photo under a new unguessable key and returns the key. */
export async function storePhoto(photo: ProcessedPhoto): Promise<string> {
  const key = newObjectKey("photo", "jpg");
  await getStorage().put(key, photo.bytes, photo.contentType);
  return key;
}

export async function deletePhoto(key: string): Promise<void> {
  await getStorage().delete(key);
}

/** The URL the app serves a stored photo from (app/routes/kuvat.$key.ts). */
export function photoUrl(key: string): string {
  return `/kuvat/${key}`;
}

