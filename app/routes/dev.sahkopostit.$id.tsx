import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { getDb } from "~/db.server";
import { extractLinks, getEmail } from "~/models/emails.server";
import { formatByteSize } from "~/messages/dev-mailbox";
import { emailStatusLabels, formatMailboxTime, isFollowableHref, requireMailbox } from "~/services/dev-mailbox.server";

export async function loader({ params }: LoaderFunctionArgs) {
  requireMailbox();
  const email = await getEmail(await getDb(), params.id ?? "");
  if (!email) throw new Response(null, { status: 404 });
  return {
    email: {
      id: email.id,
      from: email.from_address,
      to: email.to_address,
      replyTo: email.reply_to,
      subject: email.subject,
      text: email.text,
      status: emailStatusLabels[email.status],
      time: formatMailboxTime(email.created_at),
      sentAt: email.sent_at ? formatMailboxTime(email.sent_at) : null,
    },
    links: extractLinks(email).map((href) => ({ href, followable: isFollowableHref(href) })),
    attachments: email.attachments.map((attachment, index) => ({
      index,
      filename: attachment.filename,
      contentType: attachment.contentType,
      // The invoice PDF is drawn by the delivery job (EmailAttachment.deferred); the download draws it sooner.
      size:
        attachment.deferred && attachment.content === ""
          ? "piirretään lähetettäessä"
          : formatByteSize(Buffer.from(attachment.content, "base64").length),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.email.subject ?? "Sähköposti"} – Sähköpostit (kehitys) – Arkikaveri` },
];

const linkClass =
  "inline-flex min-h-target items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function DevMailboxMessage() {
  const { email, links, attachments } = useLoaderData<typeof loader>();
  const base = `/dev/sahkopostit/${email.id}`;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8">
      <p className="mb-4">
        <Link to="/dev/sahkopostit" className={linkClass}>
          ← Kaikki sähköpostit
        </Link>
      </p>
      <h1 className="mb-6 break-words text-2xl font-bold text-brand-800 sm:text-3xl">{email.subject || "(ei aihetta)"}</h1>

      <dl className="mb-8 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Lähettäjä</dt>
        <dd className="mb-2 break-all sm:mb-0">{email.from}</dd>
        <dt className="font-semibold">Vastaanottaja</dt>
        <dd className="mb-2 break-all sm:mb-0">{email.to}</dd>
        {email.replyTo ? (
          <>
            <dt className="font-semibold">Vastausosoite</dt>
            <dd className="mb-2 break-all sm:mb-0">{email.replyTo}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Aika</dt>
        <dd className="mb-2 sm:mb-0">{email.time}</dd>
        <dt className="font-semibold">Tila</dt>
        <dd className="mb-2 sm:mb-0">
          {email.status}
          {email.sentAt ? ` (${email.sentAt})` : null}
        </dd>
      </dl>

      <Part id="linkit" title="Linkit">
        {links.length === 0 ? (
          <p>Viestissä ei ole linkkejä.</p>
        ) : (
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.href} className="break-all">
                {link.followable ? (
                  <a href={link.href} className={linkClass}>
                    {link.href}
                  </a>
                ) : (
                  <code>{link.href}</code>
                )}
              </li>
            ))}
          </ul>
        )}
      </Part>

      <Part id="liitteet" title="Liitteet">
        {attachments.length === 0 ? (
          <p>Viestissä ei ole liitteitä.</p>
        ) : (
          <ul className="space-y-1">
            {attachments.map((attachment) => (
              <li key={attachment.index}>
                <a href={`${base}/liitteet/${attachment.index}`} className={linkClass} download>
                  {attachment.filename}
                </a>{" "}
                ({attachment.contentType}, {attachment.size})
              </li>
            ))}
          </ul>
        )}
      </Part>

      <Part id="html-versio" title="HTML-versio">
        <p>
          <a href={`${base}/html`} className={linkClass}>
            Avaa viesti HTML-muodossa
          </a>
        </p>
      </Part>

      <Part id="tekstiversio" title="Tekstiversio" last>
        <pre className="whitespace-pre-wrap break-words rounded-md border border-gray-300 bg-gray-50 p-4 font-sans text-base">
          {email.text}
        </pre>
      </Part>
    </main>
  );
}

/** One part of the message's page, with its heading. */
function Part({ id, title, last = false, children }: { id: string; title: string; last?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={last ? undefined : "mb-8"}>
      <h2 id={id} className="mb-2 text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
