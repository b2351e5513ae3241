import { contactSegments, mailtoHref, telHref, type ContactDetails } from "~/domain/contact-links";
import { linkClass } from "./layout";

// Customer service's phone and e-mail as links wherever a page writes them (issue 31): one tap
// calls or writes. The sentence stays whole in app/messages; the links are found in it.

/** A sentence with customer service's phone number and e-mail address as tel: and mailto: links. */
export function ContactText({ text, contact, className = linkClass }: { text: string; contact: ContactDetails; className?: string }) {
  return (
    <>
      {contactSegments(text, contact).map((segment, index) =>
        segment.href ? (
          <a key={index} href={segment.href} className={`${className} whitespace-nowrap`}>
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/** Customer service's phone number as a tel: link. */
export function PhoneLink({ phone, className = linkClass }: { phone: string; className?: string }) {
  return (
    <a href={telHref(phone)} className={`${className} whitespace-nowrap`}>
      {phone}
    </a>
  );
}

/** Customer service's e-mail address as a mailto: link (a long address breaks where it must, not to fill a line). */
export function EmailLink({ email, className = linkClass }: { email: string; className?: string }) {
  return (
    <a href={mailtoHref(email)} className={`${className} break-anywhere`}>
      {email}
    </a>
  );
}
