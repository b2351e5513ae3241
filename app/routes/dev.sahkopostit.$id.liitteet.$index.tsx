import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server";
import { getEmail } from "~/models/emails.server";
import { requireMailbox } from "~/services/dev-mailbox.server";
import { drawDeferredAttachments } from "~/services/email-attachments.server";

/** Downloads one attachment of a stored e-mail, under its own name and type. */
export async function loader({ params }: LoaderFunctionArgs) {
  requireMailbox();
  const index = Number(params.index);
  const db = await getDb();
  const email = await getEmail(db, params.id ?? "");
  const stored = email && Number.isInteger(index) && index >= 0 ? email.attachments[index] : undefined;
  if (!stored) throw new Response(null, { status: 404 });
  // One the delivery job has not drawn yet is drawn for this download.
  const [attachment] = await drawDeferredAttachments(db, [stored]);

  const body = Buffer.from(attachment.content, "base64");
  return new Response(body, {
    headers: {
      // A stored type that is not a plain "type/subtype" must not smuggle header syntax through.
      "Content-Type": /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType) ? attachment.contentType : "application/octet-stream",
      "Content-Length": String(body.length),
      "Content-Disposition": contentDisposition(attachment.filename),
      "Cache-Control": "no-store",
    },
  });
}

/** RFC 6266: an ASCII fallback name for old clients and the exact UTF-8 name (laskuä.pdf) for the rest. */
function contentDisposition(filename: string) {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "liite";
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
