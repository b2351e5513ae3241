import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { PageLayout, linkClass } from "~/components/layout";
import { formatDate } from "~/domain/format";
import { accountDeletionNotices as adn } from "~/messages/account-deletion-notices";
import { cancelAccountDeletion, deletionLinkState } from "~/services/account-deletion.server";
import { redirectWithToast } from "~/services/flash.server";

// /peru-poisto/:token, the "Peru poisto" link of the account deletion e-mail (issue 29 item 3;
// decision 0034). GET only shows where the deletion stands; the button posts here and cancels.
// No sign-in: the person cannot sign in during the grace period, the link's token is the proof.

const LINK_HEADERS = { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" } as const;

export async function loader({ params }: LoaderFunctionArgs) {
  const link = await deletionLinkState(params.token ?? "");
  if (link.state === "not_found") throw new Response(adn.linkNotFound, { status: 404, statusText: "Not Found", headers: LINK_HEADERS });
  return link.state === "pending" ? { state: link.state, date: formatDate(link.deleteAfter) } : { state: link.state, date: null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const outcome = await cancelAccountDeletion(params.token ?? "");
  if (outcome === "not_found") throw new Response(adn.linkNotFound, { status: 404, statusText: "Not Found", headers: LINK_HEADERS });
  if (outcome === "done") return redirectWithToast(request, `/peru-poisto/${encodeURIComponent(params.token ?? "")}`, { type: "error", title: adn.linkDone });
  return redirectWithToast(request, "/auth", { type: "success", title: adn.cancelledTitle, description: adn.cancelledText });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const headers = new Headers(errorHeaders ?? loaderHeaders);
  for (const [name, value] of Object.entries(LINK_HEADERS)) headers.set(name, value);
  return headers;
};

export const meta: MetaFunction = () => [
  { title: `${adn.cancelPageTitle} – Arkikaveri` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function CancelAccountDeletionPage() {
  const link = useLoaderData<typeof loader>();
  return (
    <PageLayout narrow>
      <div className="space-y-6">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{adn.cancelPageTitle}</h1>
        {link.state === "pending" && link.date ? (
          <>
            <p>{adn.cancelPageIntro(link.date)}</p>
            <Form method="post">
              <SubmitButton busyLabel={adn.cancelBusy}>{adn.cancelSubmit}</SubmitButton>
            </Form>
          </>
        ) : link.state === "cancelled" ? (
          <Alert type="info">
            <p>{adn.linkCancelledAlready}</p>
            <p>
              <Link to="/auth" className={`${linkClass} inline-flex min-h-target items-center`}>
                {adn.signInLink}
              </Link>
            </p>
          </Alert>
        ) : (
          <Alert type="info">
            <p>{adn.linkDone}</p>
          </Alert>
        )}
      </div>
    </PageLayout>
  );
}
