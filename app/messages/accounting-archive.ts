import type { ArchivedDocumentKind } from "../domain/accounting-archive";

// Texts of the back office's "Kirjanpitoarkisto" (decision 0048).

export const ARCHIVED_DOCUMENT_KIND_LABELS: Record<ArchivedDocumentKind, string> = {
  invoice: "Lasku",
  series_invoice: "Kuukausilasku",
  credit_note: "Hyvityslasku",
  receipt: "Kuitti",
  invoice_payment: "Laskun maksu",
  payment: "Maksutapahtuma",
  household_statement: "Kotitalousvähennystodistus",
  payout: "Kaverin tilitys",
};

export const accountingArchiveTexts = {
  title: "Kirjanpitoarkisto",
  intro:
    "Poistettujen tilien kirjanpidon tositteet sellaisina kuin ne olivat poistohetkellä. Ne säilytetään kuudennen vuoden loppuun ja poistetaan sitten automaattisesti.",
  filterLabel: "Suodata kirjanpitoarkistoa",
  kind: "Laji",
  number: "Numero",
  invalidNumber: "Kirjoita tositteen numero pelkkinä numeroina.",
  caption: "Arkistoidut tositteet",
  headers: ["Laji", "Numero", "Henkilö", "Summa", "Päivämäärä", "Säilytetään asti", "PDF"] as const,
  download: "Lataa PDF",
  downloadOf: (kind: string, number: number | null, date: string) => `: ${kind}${number === null ? "" : ` ${number}`}, ${date}`,
  noPdf: "Ei PDF-tiedostoa",
  noNumber: "–",
  noAmount: "–",
  empty: "Arkistossa ei ole tositteita. Niitä tulee tänne, kun asiakkaan tai kaverin tili poistetaan.",
  emptyFiltered: "Ei tositteita valituilla suodattimilla.",
  pager: "Kirjanpitoarkiston sivut",
  notFound: "Tositetta ei löytynyt.",
  fileName: (kind: ArchivedDocumentKind, number: number | null, date: string) =>
    `arkisto-${ARCHIVE_FILE_KINDS[kind]}${number === null ? "" : `-${number}`}-${date}.pdf`,
} as const;

/** The kind in a downloaded file's name: ASCII, so every browser keeps it. */
const ARCHIVE_FILE_KINDS: Record<ArchivedDocumentKind, string> = {
  invoice: "lasku",
  series_invoice: "kuukausilasku",
  credit_note: "hyvityslasku",
  receipt: "kuitti",
  invoice_payment: "laskun-maksu",
  payment: "maksu",
  household_statement: "kotitalousvahennys",
  payout: "tilitys",
};
