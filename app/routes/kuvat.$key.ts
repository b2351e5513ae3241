import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server";
import { photoVisibility } from "~/services/photo-access.server";
import { getStorage } from "~/services/storage.server";

// Stored photos (helper profile pictures). A key is random and its content never changes, so
// browsers may keep an approved helper's photo for a day without asking; after that the ETag makes
// a check cheap. Not `immutable` for a year: a photo deleted on request should not live on in
// caches for long. An applicant's photo is private: only the applicant's own browser and the back
// office see it, and no shared cache may keep it (app/services/photo-access.server.ts).
export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const notFound = () => new Response("Kuvaa ei löytynyt", { status: 404, headers: { "Cache-Control": "no-store" } });
  const visibility = await photoVisibility(await getDb(), request, key);
  if (visibility === "hidden") throw notFound();
  const object = await getStorage().get(key);
  if (!object) throw notFound();
  const etag = `"${crypto.createHash("sha256").update(object.bytes).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "Content-Type": object.contentType,
    "Cache-Control": visibility === "public" ? "public, max-age=86400" : "private, no-cache",
    ETag: etag,
    // Served as exactly what we stored, never sniffed as something else.
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  if (visibility === "private") headers.set("Vary", "Cookie");
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.bytes.byteLength));
  return new Response(new Uint8Array(object.bytes), { status: 200, headers });
}
