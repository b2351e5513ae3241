/**
 * What an e-mail says, before it is laid out (app/services/email.server.ts renders it). A type of
 * its own so that the message modules, which hold the words, need nothing from the services.
 */
export interface EmailContent {
  /** The message's main heading, usually close to the subject. */
  heading: string;
  /** Body paragraphs before the button; plain text, escaped when rendered. */
  paragraphs: string[];
  /** One call to action, rendered as a large button link (and as the address in the text). */
  button?: { label: string; url: string };
  /** Paragraphs after the button, e.g. "If you did not ask for this, ignore this message." */
  afterButton?: string[];
  /**
   * Further links after those paragraphs, each a paragraph of its own with the link under it
   * (e.g. a guest's "Viimeistele profiilisi" below the confirmation's "Hallitse varausta").
   */
  links?: Array<{ text: string; label: string; url: string }>;
  /** Customer service's phone and e-mail, made links where the paragraphs mention them. */
  contact?: { phone: string; email: string };
}
