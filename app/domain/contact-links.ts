// Customer service's phone number and e-mail address are links wherever they are written (issue
// 31): one tap calls or writes, on a page and in an e-mail alike. Texts keep the contact inside
// whole sentences (app/messages), so the links are found in the sentence rather than built from
// fragments. Pure, no I/O.

export interface ContactDetails {
  phone: string;
  email: string;
}

/** A phone number as a tel: link ("09 123 4567" → "tel:091234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** A piece of a sentence: plain text, or the contact's phone or e-mail with its link. */
export interface TextSegment {
  text: string;
  href?: string;
}

/** `text` cut at each occurrence of the contact's phone number and e-mail address, which get their links. */
export function contactSegments(text: string, contact: ContactDetails): TextSegment[] {
  const targets = [
    { text: contact.email.trim(), href: mailtoHref(contact.email) },
    { text: contact.phone.trim(), href: telHref(contact.phone) },
  ].filter((target) => target.text !== "" && target.href.length > "tel:".length);
  const segments: TextSegment[] = [];
  let rest = text;
  while (rest) {
    let first: { at: number; target: (typeof targets)[number] } | null = null;
    for (const target of targets) {
      const at = rest.indexOf(target.text);
      if (at >= 0 && (first === null || at < first.at)) first = { at, target };
    }
    if (!first) {
      segments.push({ text: rest });
      break;
    }
    if (first.at > 0) segments.push({ text: rest.slice(0, first.at) });
    segments.push({ text: first.target.text, href: first.target.href });
    rest = rest.slice(first.at + first.target.text.length);
  }
  return segments;
}
