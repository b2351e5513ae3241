import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormError } from "~/components/forms";
import { applicantTexts } from "~/messages/caregiver-approval";

// A form error that names customer service (a suspended helper's sign-in, issue 31) shows its
// phone and e-mail as links; without the contact the message stays plain text.

const contact = { phone: "09 123 4567", email: "tuki@arkikaveri.fi" };

describe("FormError with customer service's contact", () => {
  it("makes the phone and the e-mail in the message tel: and mailto: links", () => {
    const html = renderToStaticMarkup(<FormError errors={[applicantTexts.suspendedSignIn(contact.phone, contact.email)]} contact={contact} />);
    expect(html).toContain('href="tel:091234567"');
    expect(html).toContain('href="mailto:tuki@arkikaveri.fi"');
    expect(html).toContain("Tilisi on keskeytetty");
  });

  it("leaves a message without the contact as text", () => {
    const html = renderToStaticMarkup(<FormError errors={[applicantTexts.suspendedSignIn(contact.phone, contact.email)]} />);
    expect(html).not.toContain("href=");
  });
});
