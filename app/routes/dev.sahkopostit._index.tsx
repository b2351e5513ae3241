import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getDb } from "~/db.server";
import { listEmails } from "~/models/emails.server";
import { Pager } from "~/components/backoffice/ui";
import { emailStatusLabels, formatMailboxTime, outboxPage, requireMailbox } from "~/services/dev-mailbox.server";

export async function loader({ request }: LoaderFunctionArgs) {
  requireMailbox();
  const db = await getDb();
  const { items, ...paging } = await outboxPage(request, async (options) => {
    const result = await listEmails(db, options);
    return { total: result.total, items: result.emails };
  });
  return {
    ...paging,
    emails: items.map((email) => ({
      id: email.id,
      to: email.to_address,
      subject: email.subject,
      time: formatMailboxTime(email.created_at),
      status: emailStatusLabels[email.status],
    })),
  };
}

export const meta: MetaFunction = () => [{ title: "Sähköpostit (kehitys) – Arkikaveri" }];

const linkClass =
  "inline-flex min-h-target min-w-target items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function DevMailbox() {
  const { emails, page, pageCount, total, previous, next } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-4 text-3xl font-bold text-brand-800">Sähköpostit (kehitys)</h1>
      <p className="mb-6 max-w-prose">
        SMTP-palvelinta ei ole määritetty, joten sähköposteja ei lähetetä. Palvelu tallentaa ne tänne, ja viestien
        linkkejä voi avata suoraan. Päivitä sivu nähdäksesi uudet viestit.
      </p>

      {emails.length === 0 ? (
        <p className="rounded-md border border-gray-300 bg-gray-50 p-4">Ei sähköposteja vielä.</p>
      ) : (
        <>
          <div className="overflow-x-auto" data-scrolls-sideways>
            <table className="w-full border-collapse text-left">
              <caption className="mb-2 text-left">
                {total === 1 ? "1 sähköposti" : `${total} sähköpostia`}, uusin ensin
              </caption>
              <thead>
                <tr className="border-b-2 border-gray-400">
                  <th scope="col" className="py-2 pr-4">Vastaanottaja</th>
                  <th scope="col" className="py-2 pr-4">Aihe</th>
                  <th scope="col" className="py-2 pr-4">Aika</th>
                  <th scope="col" className="py-2">Tila</th>
                </tr>
              </thead>
              <tbody>
                {emails.map((email) => (
                  <tr key={email.id} className="border-b border-gray-200 align-top">
                    <td className="py-2 pr-4 break-all">{email.to}</td>
                    <td className="py-1 pr-4">
                      <Link to={`/dev/sahkopostit/${email.id}`} className={linkClass}>
                        {email.subject || "(ei aihetta)"}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap py-2 pr-4">{email.time}</td>
                    <td className="py-2">{email.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="mt-6">
            <Pager previous={previous} next={next} position={{ page, of: pageCount }} />
          </div>
        </>
      )}
    </main>
  );
}
