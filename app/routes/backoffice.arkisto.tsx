import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { Cell, EmptyState, FilterField, FilterForm, FilterNotices, PageHeading, Pager, ResponsiveTable, Row, SelectFilter, controlClass, inlineLinkClass, labelOptions } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { documentNumberQuery, isArchivedDocumentKind } from "~/domain/accounting-archive";
import { formatDate, formatEuros } from "~/domain/format";
import { keysetPageLinks, pageDirectionOf } from "~/domain/list-query";
import { ARCHIVED_DOCUMENT_KIND_LABELS, accountingArchiveTexts } from "~/messages/accounting-archive";
import { listArchivedDocuments } from "~/models/accounting-archive.server";

// "Kirjanpitoarkisto" (decision 0048): the money documents of erased accounts (decision 0034),
// newest first, filterable by kind and number, each PDF downloadable, for the roles that see money.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.archive);
  const params = new URL(request.url).searchParams;
  const kindParam = params.get("laji");
  const kind = isArchivedDocumentKind(kindParam) ? kindParam : null;
  const number = documentNumberQuery(params.get("numero"));
  const page = pageDirectionOf(params);
  const list = await listArchivedDocuments(await getDb(), { kind, number: number.number, page });

  const base = new URLSearchParams();
  if (kind) base.set("laji", kind);
  if (number.typed) base.set("numero", number.typed);
  const t = accountingArchiveTexts;
  return {
    form: { kind: kind ?? "", number: number.typed },
    filtered: base.size > 0,
    notices: number.invalid ? [t.invalidNumber] : [],
    ...keysetPageLinks(base, page, list),
    rows: list.rows.map((row) => {
      const kindLabel = ARCHIVED_DOCUMENT_KIND_LABELS[row.kind];
      const date = formatDate(row.documentDate);
      return {
        id: row.id,
        kind: kindLabel,
        number: row.number === null ? t.noNumber : String(row.number),
        party: row.partyName ?? t.noNumber,
        amount: row.amountCents === null ? t.noAmount : formatEuros(row.amountCents),
        date,
        keepUntil: formatDate(row.purgeAfter),
        pdfHref: row.hasPdf ? `/backoffice/arkisto/${row.id}/pdf` : null,
        // Every row's link says "Lataa PDF"; a screen reader hears which document it is.
        pdfOf: t.downloadOf(kindLabel, row.number, date),
      };
    }),
  };
}

export const meta: MetaFunction = () => [{ title: "Kirjanpitoarkisto – Hallintapaneeli – Arkikaveri" }];

export default function AccountingArchivePage() {
  const data = useLoaderData<typeof loader>();
  const t = accountingArchiveTexts;
  return (
    <div className="max-w-7xl space-y-6">
      <PageHeading title={t.title}>
        <p>{t.intro}</p>
      </PageHeading>

      <FilterForm label={t.filterLabel} clearHref="/backoffice/arkisto" filtered={data.filtered} className="md:grid-cols-3">
        <SelectFilter id="arkisto-laji" label={t.kind} name="laji" defaultValue={data.form.kind} options={labelOptions(ARCHIVED_DOCUMENT_KIND_LABELS)} />
        <FilterField id="arkisto-numero" label={t.number}>
          <input id="arkisto-numero" name="numero" inputMode="numeric" defaultValue={data.form.number} className={controlClass} />
        </FilterField>
      </FilterForm>

      <FilterNotices notices={data.notices} />

      {data.rows.length === 0 ? (
        <EmptyState>{data.filtered ? t.emptyFiltered : t.empty}</EmptyState>
      ) : (
        <ResponsiveTable caption={t.caption} headers={[...t.headers]}>
          {data.rows.map((row) => (
            <Row key={row.id}>
              <Cell label={t.headers[0]}>{row.kind}</Cell>
              <Cell label={t.headers[1]}>{row.number}</Cell>
              <Cell label={t.headers[2]}>{row.party}</Cell>
              <Cell label={t.headers[3]}>{row.amount}</Cell>
              <Cell label={t.headers[4]}>{row.date}</Cell>
              <Cell label={t.headers[5]}>{row.keepUntil}</Cell>
              <Cell label={t.headers[6]}>
                {row.pdfHref ? (
                  <a href={row.pdfHref} className={inlineLinkClass} download>
                    {t.download}
                    <span className="sr-only">{row.pdfOf}</span>
                  </a>
                ) : (
                  t.noPdf
                )}
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      )}

      <Pager previous={data.previous} next={data.next} first={data.first} label={t.pager} />
    </div>
  );
}
