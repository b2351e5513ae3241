// CSV that opens right in Finnish Excel (issue 14): UTF-8 with a byte-order mark (or Excel reads
// it as Windows-1252 and breaks ä and ö), ';' between fields (',' is the decimal separator) and
// decimals with a comma. Pure, no I/O.

const BOM = "\uFEFF";

function cell(value: string | number): string {
  const text = String(value);
  // A cell that starts like a formula would be run by the spreadsheet: make it plain text.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return BOM + [headers, ...rows].map((row) => row.map(cell).join(";")).join("\r\n") + "\r\n";
}

/** '1600,50' from cents: no thousands separator, a decimal comma. */
export function csvAmount(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}
