import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { insertArchiveEntries } from "~/models/account-deletions.server";
import { action as profileAction } from "~/routes/portal.profile";
import { loader as archiveLoader } from "~/routes/backoffice.arkisto";
import { loader as pdfLoader } from "~/routes/backoffice.arkisto_.$documentId.pdf";
import { setTestClock } from "~/services/clock.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, runQueuedJobs, sessionCookieFor, TEST_PASSWORD } from "./support/auth";
import { pdfTextContent } from "./support/booking-fixtures";
import { paidInvoiceAndReceipt } from "./support/paid-history";
import { signedInCustomer } from "./support/portal";

// "Kirjanpitoarkisto" (decision 0048): the documents an erasure archived (decision 0034) are
// listed for admins, newest first, filterable by kind and number, paged, and each PDF downloads;
// other roles are refused, an unknown id is 404.

let db: DB;
const cookies = { admin: "", moderator: "", support: "" };

beforeAll(async () => {
  db = await getDb();
  cookies.admin = await sessionCookieFor(await createTestUser({ email: "admin-arkisto@example.fi", role: "admin" }));
  cookies.moderator = await sessionCookieFor(await createTestUser({ email: "mod-arkisto@example.fi", role: "moderator" }));
  cookies.support = await sessionCookieFor(await createTestUser({ email: "tuki-arkisto@example.fi", role: "support" }));
});

const list = (query = "", who: keyof typeof cookies = "admin") =>
  answerOf(() => archiveLoader({ request: getRequest(`/backoffice/arkisto${query}`, cookies[who]), params: {}, context: contextFor() }));
const download = (documentId: string, who: keyof typeof cookies = "admin") =>
  answerOf(() => pdfLoader({ request: getRequest(`/backoffice/arkisto/${documentId}/pdf`, cookies[who]), params: { documentId }, context: contextFor() }));

type ListRow = { id: string; kind: string; number: string; party: string; amount: string; date: string; keepUntil: string; pdfHref: string | null };

/** A customer with a paid invoice (March 2026) and a receipted online payment (April 2026), erased after the grace period. */
async function erasedCustomerWithInvoice(email: string) {
  const person = await signedInCustomer(email, "Arvo Arkistoitava");
  const { invoiceNumber, invoiced, online } = await paidInvoiceAndReceipt(email);
  const asked = await answerOf(() =>
    profileAction({
      request: postRequest("/portal/profile", { intent: "delete", deletePassword: TEST_PASSWORD, deleteConfirmation: "poista" }, person.cookie),
      params: {},
      context: contextFor("198.51.100.77"),
    }),
  );
  expect(asked.location).toBe("/");
  const deletion = await db.selectFrom("account_deletions").select("delete_after").where("profile_id", "=", person.user.id).executeTakeFirstOrThrow();
  setTestClock(new Date(deletion.delete_after.getTime() + 60_000));
  try {
    await runQueuedJobs();
  } finally {
    setTestClock(null);
  }
  const archived = await db.selectFrom("accounting_archive").select(["id", "kind"]).execute();
  expect(archived.map((row) => row.kind)).toContain("invoice");
  return { invoiceNumber, archived, invoiced, online };
}

describe("Kirjanpitoarkisto", () => {
  it("says so when the archive is empty", async () => {
    const page = await list();
    expect(page.status).toBe(200);
    expect(page.data.rows).toEqual([]);
    expect(page.data.filtered).toBe(false);
  });

  it("lists an erased customer's documents newest first, filters them, and downloads the invoice's PDF", async () => {
    const { invoiceNumber, archived, invoiced, online } = await erasedCustomerWithInvoice("arkisto-asiakas@example.fi");
    const page = await list();
    expect(page.status).toBe(200);
    const rows = page.data.rows as ListRow[];
    expect(rows.map((row) => row.id).sort()).toEqual(archived.map((row) => row.id).sort());
    const invoiceRow = rows.find((row) => row.kind === "Lasku")!;
    expect(invoiceRow).toMatchObject({
      number: String(invoiceNumber),
      party: "Arvo Arkistoitava",
      amount: formatEuros(invoiced.totalPriceCents),
      date: "10.3.2026",
      keepUntil: "31.12.2032",
    });
    // Whose and how much, also for the kinds without a PDF.
    for (const kind of ["Kuitti", "Maksutapahtuma"]) {
      expect(rows.find((row) => row.kind === kind)).toMatchObject({ party: "Arvo Arkistoitava", amount: formatEuros(online.totalPriceCents) });
    }
    expect(invoiceRow.pdfHref).toBe(`/backoffice/arkisto/${invoiceRow.id}/pdf`);
    // Newest first: the receipt (April) before the invoice (March).
    const kinds = rows.map((row) => row.kind);
    expect(kinds.indexOf("Kuitti")).toBeLessThan(kinds.indexOf("Lasku"));
    // A payment has no PDF of its own.
    expect(rows.find((row) => row.kind === "Maksutapahtuma")?.pdfHref).toBeNull();

    const byKind = await list("?laji=invoice");
    expect((byKind.data.rows as ListRow[]).map((row) => row.id)).toEqual([invoiceRow.id]);
    expect(byKind.data.filtered).toBe(true);
    const byNumber = await list(`?numero=${invoiceNumber}`);
    expect((byNumber.data.rows as ListRow[]).map((row) => row.id)).toEqual([invoiceRow.id]);
    const none = await list(`?numero=${invoiceNumber + 1000}`);
    expect(none.data.rows).toEqual([]);
    const typo = await list("?numero=12a");
    expect(typo.data.notices).toEqual(["Kirjoita tositteen numero pelkkinä numeroina."]);

    const pdf = await download(invoiceRow.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="arkisto-lasku-${invoiceNumber}-2026-03-10.pdf"`);
    expect(pdf.headers.get("Cache-Control")).toContain("no-store");
    const bytes = Buffer.from(await pdf.response!.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfTextContent(bytes)).toContain("Arvo Arkistoitava");
  });

  it("is for admins only, and an unknown or PDF-less document is not found", async () => {
    const [row] = await db.selectFrom("accounting_archive").select("id").where("pdf", "is not", null).limit(1).execute();
    for (const who of ["moderator", "support"] as const) {
      expect((await list("", who)).status).toBe(403);
      expect((await download(row!.id, who)).status).toBe(403);
    }
    const anonymous = await answerOf(() => pdfLoader({ request: getRequest(`/backoffice/arkisto/${row!.id}/pdf`), params: { documentId: row!.id }, context: contextFor() }));
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
    expect((await download("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await download("ei-tunniste")).status).toBe(404);
    const [withoutPdf] = await db.selectFrom("accounting_archive").select("id").where("pdf", "is", null).limit(1).execute();
    expect((await download(withoutPdf!.id)).status).toBe(404);
  });

  it("pages newest first without skipping or repeating a document", async () => {
    const entries = Array.from({ length: 30 }, (_, index) => ({
      kind: "payout" as const,
      sourceId: `sivutus-${index}`,
      // Two documents a day, so the id decides within a date.
      documentDate: `2025-01-${String(1 + Math.floor(index / 2)).padStart(2, "0")}`,
      purgeAfter: "2031-12-31",
      data: { document: { id: `sivutus-${index}` } },
      pdf: null,
    }));
    await insertArchiveEntries(db, entries, new Date());
    const all = await db.selectFrom("accounting_archive").select(["id", "document_date"]).orderBy("document_date", "desc").orderBy("id", "desc").execute();
    const first = await list("?laji=payout");
    const second = await list(`?${new URL(first.data.next, "http://x").search.slice(1)}`);
    const firstIds = (first.data.rows as ListRow[]).map((row) => row.id);
    const secondIds = (second.data.rows as ListRow[]).map((row) => row.id);
    const payouts = all.filter((row) => row.document_date.startsWith("2025-01")).map((row) => row.id);
    expect(firstIds).toHaveLength(25);
    expect([...firstIds, ...secondIds]).toEqual(payouts);
    expect(second.data.next).toBeNull();
    const back = await list(`?${new URL(second.data.previous, "http://x").search.slice(1)}`);
    expect((back.data.rows as ListRow[]).map((row) => row.id)).toEqual(firstIds);
  });
});
