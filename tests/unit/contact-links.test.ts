import { describe, expect, it } from "vitest";
import { contactSegments, telHref } from "~/domain/contact-links";
import { nextSteps } from "~/messages/next-steps";

const contact = { phone: "+358 40 123 4567", email: "asiakaspalvelu@arkikaveri.fi" };

describe("customer service's contact as links", () => {
  it("makes a tel: link of the phone as written", () => {
    expect(telHref("+358 40 123 4567")).toBe("tel:+358401234567");
    expect(telHref("09-123 4567")).toBe("tel:091234567");
  });

  it("finds the phone and the e-mail in a sentence, in order, and leaves the rest as text", () => {
    expect(contactSegments(`Soita ${contact.phone} tai kirjoita ${contact.email}.`, contact)).toEqual([
      { text: "Soita " },
      { text: "+358 40 123 4567", href: "tel:+358401234567" },
      { text: " tai kirjoita " },
      { text: "asiakaspalvelu@arkikaveri.fi", href: "mailto:asiakaspalvelu@arkikaveri.fi" },
      { text: "." },
    ]);
    expect(contactSegments("Ei yhteystietoja.", contact)).toEqual([{ text: "Ei yhteystietoja." }]);
  });

  it("links both in the result page's 'how to cancel' sentence", () => {
    const steps = nextSteps(
      { startsAt: new Date("2030-01-10T10:00:00Z"), caregiverName: null, bookingFor: "self", recipientName: null, orderNumber: "ORD-1", reader: "guest" },
      contact,
      new Date("2030-01-01T10:00:00Z"),
    );
    const links = contactSegments(steps.howToCancel, contact).filter((segment) => segment.href);
    expect(links.map((segment) => segment.href)).toEqual(["tel:+358401234567", "mailto:asiakaspalvelu@arkikaveri.fi"]);
  });
});
