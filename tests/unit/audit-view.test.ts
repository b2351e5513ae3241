import { describe, expect, it } from "vitest";
import { auditChangeLines, auditValue } from "~/backoffice/audit-view";
import { formatEuros as eur } from "~/domain/format";

// The audit log and the timeline read aloud (issue 25 item 7): words and euros, not field names,
// cents or basis points.

describe("audit lines in words", () => {
  it("reads a cancellation: the status in words, the fee and the credit in euros, the credit note by number", () => {
    const lines = auditChangeLines({ status: "pending" }, { status: "cancelled", feeCents: 0, creditNoteNumber: 5001, creditedCents: 24_000, reason: "Asiakas soitti" });
    expect(lines).toEqual([
      { field: "Tila", before: expect.not.stringMatching(/pending/), after: expect.not.stringMatching(/cancelled/) },
      { field: "Peruutusmaksu", before: null, after: eur(0) },
      { field: "Hyvityslasku", before: null, after: "5001" },
      { field: "Hyvitetty", before: null, after: eur(24000) },
      { field: "Syy", before: null, after: "Asiakas soitti" },
    ]);
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/Cents|feeCents|7650|24000/);
  });

  it("reads a discount code: percent from basis points, euros from cents, yes and no", () => {
    const lines = auditChangeLines(null, { code: "KEVAT", type: "percentage", percentBp: 2500, amountCents: null, minOrderCents: 5000, isActive: true, validFrom: "2026-12-01" });
    expect(lines).toContainEqual({ field: "Alennus", before: null, after: "25 %" });
    expect(lines).toContainEqual({ field: "Alennuksen tyyppi", before: null, after: "Prosenttialennus" });
    expect(lines).toContainEqual({ field: "Vähimmäistilaus", before: null, after: eur(5000) });
    expect(lines).toContainEqual({ field: "Aktiivinen", before: null, after: "kyllä" });
    expect(lines).toContainEqual({ field: "Voimassa alkaen", before: null, after: "1.12.2026" });
    expect(auditChangeLines({ isActive: true }, { isActive: false })).toEqual([{ field: "Aktiivinen", before: "kyllä", after: "ei" }]);
  });

  it("reads payouts, invoice payments and price bands", () => {
    expect(auditChangeLines({ payout: "pending" }, { payout: "paid", amountCents: 7650 })).toEqual([
      { field: "Tilitys", before: "Odottaa maksua", after: "Maksettu" },
      { field: "Summa", before: null, after: eur(7650) },
    ]);
    const bands = (day: number) => [{ id: "day", fromHour: 7, toHour: 17, hourlyCents: day }];
    expect(auditChangeLines(bands(4000), bands(4200))).toEqual([{ field: "Tuntihinnat", before: `Päivä klo 7–18: ${eur(4000)}/h`, after: `Päivä klo 7–18: ${eur(4200)}/h` }]);
    // A settings line keeps the whole value on both sides: only what changed is shown.
    expect(auditChangeLines({ email: "a@example.fi", phone: "1" }, { email: "b@example.fi", phone: "1" })).toEqual([
      { field: "Sähköposti", before: "a@example.fi", after: "b@example.fi" },
    ]);
    expect(auditValue("paidOn", "2026-11-20")).toBe("20.11.2026");
    expect(auditValue("invoice", "cancelled")).toBe("Hyvitetty");
  });
});
