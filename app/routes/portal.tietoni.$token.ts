import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { fileDownload } from "~/booking/invoice-download.server";
import { dataExportMessages } from "~/messages/data-export";
import { downloadDataExport } from "~/services/data-export.server";

// The "Lataa tietoni" ZIP behind the e-mailed link (issue 29 item 2; decision 0032): the link's
// token and the same person signed in (a stranger with the link is asked to sign in, and then
// gets 404 like a wrong link); after 7 days 410. GET only reads.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const download = await downloadDataExport(params.token ?? "", user.id);
  if (!download.ok) {
    const expired = download.reason === "expired";
    throw new Response(expired ? dataExportMessages.expired : dataExportMessages.notFound, { status: expired ? 410 : 404 });
  }
  return fileDownload(download.bytes, download.fileName, "application/zip");
}
