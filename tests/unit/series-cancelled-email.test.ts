import { describe, expect, it } from "vitest";
import { seriesCancelledEmail } from "~/messages/series-manage";

// "Peru tämä ja kaikki tulevat" sends one e-mail: it names the credit note in the singular when
// one visit was on an issued monthly invoice, in the plural when several were, and not at all when none.

const visit = (orderNumber: string, day: number) => ({
  orderNumber,
  startsAt: new Date(Date.UTC(2027, 0, day, 12)),
  endsAt: new Date(Date.UTC(2027, 0, day, 14)),
  feeCents: 0,
});
const email = (creditNoteNumbers: number[]) =>
  seriesCancelledEmail({
    customerName: "Sirkka Mäkelä",
    serviceName: "Asiointiapu",
    visits: [visit("ORD-100001", 4), visit("ORD-100002", 11)],
    refundDueCents: 0,
    creditNoteNumbers,
    contact: { email: "asiakaspalvelu@example.fi", phone: "010 123 4567" },
  }).content.paragraphs.join("\n");

describe("the series' cancel e-mail", () => {
  it("names one credit note in the singular", () => {
    expect(email([5004])).toContain("Hyvityslasku 5004 on tämän viestin liitteenä (PDF).");
    expect(email([5004])).not.toContain("Hyvityslaskut");
  });

  it("names several in the plural, and none when there are none", () => {
    expect(email([5004, 5005])).toContain("Hyvityslaskut 5004, 5005 ovat tämän viestin liitteinä (PDF).");
    expect(email([])).not.toMatch(/Hyvityslasku/);
  });
});
