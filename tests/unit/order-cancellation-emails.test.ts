import { describe, expect, it } from "vitest";
import { cancellationEmails } from "~/messages/order-cancellation-emails";

// The customer's cancel e-mail tells a credit note of a whole invoice from one of a visit's line
// on a monthly series invoice (decision 0044), whose other visits are still to be paid.

const order = {
  orderNumber: "ORD-100123",
  serviceName: "Asiointiapu",
  startsAt: new Date("2026-12-15T08:00:00Z"),
  endsAt: new Date("2026-12-15T10:00:00Z"),
  city: "Helsinki",
  customer: { fullName: "Sirkka Mäkelä" },
  caregiver: null,
};
const contact = { email: "asiakaspalvelu@example.fi", phone: "010 123 4567" };
const paragraphs = (money: Parameters<typeof cancellationEmails>[1]) => cancellationEmails(order, money, contact).customer.content.paragraphs.join("\n");

describe("the cancel e-mail's credit note", () => {
  it("says a single invoice is credited in full, or what of it is left to pay", () => {
    const note = { invoiceNumber: 1017, creditNoteNumber: 5003, amountCents: 8000 };
    expect(paragraphs({ feeCents: 0, refundDueCents: 0, creditNote: note })).toContain("Lasku 1017 on hyvitetty kokonaan (hyvityslasku 5003), eikä sitä tarvitse maksaa.");
    expect(paragraphs({ feeCents: 4000, refundDueCents: 0, creditNote: { ...note, amountCents: 4000 } })).toContain("Hyvitimme laskua 1017 40,00");
  });

  it("says only the visit's share of a monthly invoice is credited, never the whole invoice", () => {
    const note = { invoiceNumber: 1017, creditNoteNumber: 5004, amountCents: 8000, monthlyLine: { amountCents: 8000, vatRateBp: 2550 } };
    const free = paragraphs({ feeCents: 0, refundDueCents: 0, creditNote: note });
    expect(free).toContain("Tämän käynnin osuus kuukausilaskulla 1017 on hyvitetty kokonaan (hyvityslasku 5004), eikä sitä tarvitse maksaa.");
    expect(free).not.toContain("Lasku 1017 on hyvitetty kokonaan");
    const late = paragraphs({ feeCents: 4000, refundDueCents: 0, creditNote: { ...note, amountCents: 4000 } });
    expect(late).toContain("Hyvitimme kuukausilaskulta 1017 tämän käynnin osuudesta 40,00");
    expect(late).toContain("(hyvityslasku 5004). Käynnin peruutusmaksu 40,00");
    expect(late).toContain("Hyvityslasku 5004 on tämän viestin liitteenä (PDF).");
  });
});
