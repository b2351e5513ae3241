// Which image format a file really is, read from its first bytes (its "magic number"): a file's
// name and the browser's Content-Type are whatever the sender says, the bytes are not.

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

/** The image type of `bytes` when it is a JPEG, PNG or WebP file; null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  // JPEG: SOI marker FF D8 followed by the FF of the next marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  // WebP: a RIFF container ("RIFF", 4 bytes of size, "WEBP").
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}
