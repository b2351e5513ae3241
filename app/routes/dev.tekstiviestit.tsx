import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getDb } from "~/db.server";
import { formatFinnishMobile, smsLength } from "~/domain/sms";
import { TEXT_STATUS_LABELS, textLengthLabel } from "~/messages/dev-mailbox";
import { listTextMessages } from "~/models/text-messages.server";
import { Pager } from "~/components/backoffice/ui";
import { formatMailboxTime, isFollowableHref, outboxPage, requireTextOutbox } from "~/services/dev-mailbox.server";

// /dev/tekstiviestit, the dev outbox of text messages (issue 28 item 2; decision 0031), beside the
// mailbox: what the app would have texted while no SMS provider is configured. Read from the
// database, so every web process and worker shows the same texts. Never in production.

export async function loader({ request }: LoaderFunctionArgs) {
  requireTextOutbox();
  const db = await getDb();
  const { items, ...paging } = await outboxPage(request, async (options) => {
    const result = await listTextMessages(db, options);
    return { total: result.total, items: result.messages };
  });
  return {
    ...paging,
    texts: items.map((text) => {
      const length = smsLength(text.body);
      return {
        id: text.id,
        to: formatFinnishMobile(text.toPhone),
        body: text.body,
        // Split here: isFollowableHref is server code, and the page only renders what it is given.
        parts: text.body.split(/(https?:\/\/\S+)/).map((part, index) => ({ text: part, href: index % 2 === 1 && isFollowableHref(part) ? part : null })),
        length: textLengthLabel({ segments: length.segments, units: length.units, gsm7: length.encoding === "gsm7" }),
        time: formatMailboxTime(text.createdAt),
        status: TEXT_STATUS_LABELS[text.status],
      };
    }),
  };
}

export const meta: MetaFunction = () => [{ title: "Tekstiviestit (kehitys) – Arkikaveri" }];

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 break-anywhere";

/** The text with its addresses as links, so the manage link opens from here. */
function TextBody({ parts }: { parts: Array<{ text: string; href: string | null }> }) {
  return (
    <p className="max-w-prose whitespace-pre-line break-words">
      {parts.map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} className={linkClass}>
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

export default function DevTextOutbox() {
  const { texts, page, pageCount, total, previous, next } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-4 text-3xl font-bold text-brand-800">Tekstiviestit (kehitys)</h1>
      <p className="mb-6 max-w-prose">
        Tekstiviestipalvelua ei ole määritetty, joten tekstiviestejä ei lähetetä. Palvelu tallentaa ne tänne, ja viestien
        linkkejä voi avata suoraan. Päivitä sivu nähdäksesi uudet viestit. Sähköpostit ovat sivulla{" "}
        <Link to="/dev/sahkopostit" className={linkClass}>
          Sähköpostit (kehitys)
        </Link>
        .
      </p>

      {texts.length === 0 ? (
        <p className="rounded-md border border-gray-300 bg-gray-50 p-4">Ei tekstiviestejä vielä.</p>
      ) : (
        <>
          <p className="mb-2">{total === 1 ? "1 tekstiviesti" : `${total} tekstiviestiä`}, uusin ensin</p>
          <ul className="space-y-4">
            {texts.map((text) => (
              <li key={text.id} className="space-y-2 rounded-md border border-gray-300 p-4" data-testid="tekstiviesti">
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-gray-800">
                  <span>
                    <span className="font-semibold">Vastaanottaja:</span> {text.to}
                  </span>
                  <span>{text.time}</span>
                  <span>{text.status}</span>
                  <span>{text.length}</span>
                </p>
                <TextBody parts={text.parts} />
              </li>
            ))}
          </ul>

          <div className="mt-6">
            <Pager previous={previous} next={next} position={{ page, of: pageCount }} />
          </div>
        </>
      )}
    </main>
  );
}
