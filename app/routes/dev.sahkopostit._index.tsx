import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getDb } from "~/db.server";
import { listEmails } from "~/models/emails.server";
import { emailStatusLabels, formatMailboxTime, requireMailbox } from "~/services/dev-mailbox.server";

const PAGE_SIZE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  requireMailbox();
  const requested = Number(new URL(request.url).searchParams.get("sivu") ?? "1");
  let page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const db = await getDb();
  let result = await listEmails(db, { page, pageSize: PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // A bookmarked page that no longer exists shows the last one rather than an empty table.
  if (page > pageCount) {
    page = pageCount;
    result = await listEmails(db, { page, pageSize: PAGE_SIZE });
  }
  return {
    page,
    pageCount,
    total: result.total,
    emails: result.emails.map((email) => ({
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
  const { emails, page, pageCount, total } = useLoaderData<typeof loader>();
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

          {pageCount > 1 ? (
            <nav aria-label="Sivut" className="mt-6 flex flex-wrap items-center gap-6">
              {page > 1 ? (
                <Link to={`/dev/sahkopostit?sivu=${page - 1}`} className={linkClass}>
                  Edellinen sivu
                </Link>
              ) : null}
              <span>
                Sivu {page} / {pageCount}
              </span>
              {page < pageCount ? (
                <Link to={`/dev/sahkopostit?sivu=${page + 1}`} className={linkClass}>
                  Seuraava sivu
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </main>
  );
}
