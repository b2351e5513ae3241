// The landing page's contact form ("Lähetä viesti"). Used by Conform in the browser and by the
// index route's action on the server.
import { type Infer, z } from "./zod";
import { contactMessages as m } from "~/messages/contact";
import { emailField, freeText, phoneField, textField } from "./fields";

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const ContactSchema = z.object({
  // A name as people write it (a company or "Mummon puolesta"), so not the strict name rule.
  name: textField(m.nameMissing).min(2, { error: m.nameTooShort }).max(100, { error: m.nameTooLong }),
  email: emailField({ missing: m.emailMissing }),
  // Optional: people often prefer to be called back.
  phone: phoneField().optional(),
  message: freeText({
    missing: m.messageMissing,
    min: CONTACT_MESSAGE_MIN,
    tooShort: m.messageTooShort,
    max: CONTACT_MESSAGE_MAX,
    tooLong: m.messageTooLong,
  }),
  // A field people never see (hidden from sight and assistive technology). Simple spam robots fill
  // every input; a filled one marks the submission as spam. Not an error: the robot learns nothing.
  website: z.string().optional(),
});

export type ContactMessage = Infer<typeof ContactSchema>;
