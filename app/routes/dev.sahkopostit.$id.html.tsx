import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server";
import { getEmail } from "~/models/emails.server";
import { requireMailbox } from "~/services/dev-mailbox.server";

/** The stored HTML exactly as a mail client would receive it, as its own document. */
export async function loader({ params }: LoaderFunctionArgs) {
  requireMailbox();
  const email = await getEmail(await getDb(), params.id ?? "");
  if (!email) throw new Response(null, { status: 404 });
  return new Response(email.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
