import type { LoaderFunctionArgs } from "@remix-run/node";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { notFound } from "~/backoffice/staff.server";
import { pdfDownload } from "~/booking/invoice-download.server";
import { getDb } from "~/db.server";
import { isUuid } from "~/domain/uuid";
import { accountingArchiveTexts } from "~/messages/accounting-archive";
import { findArchivedPdf } from "~/models/accounting-archive.server";

// One archived document's PDF (decision 0048), for the roles of "Kirjanpitoarkisto". Not written
// to the audit log: the back office's other document downloads (invoices, credit notes, the
// payments CSVs) are not either; the log records changes.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, access.archive);
  const id = params.documentId;
  if (!isUuid(id)) throw notFound(accountingArchiveTexts.notFound);
  const document = await findArchivedPdf(await getDb(), id);
  if (!document) throw notFound(accountingArchiveTexts.notFound);
  return pdfDownload(document.pdf, accountingArchiveTexts.fileName(document.kind, document.number, document.documentDate));
}
