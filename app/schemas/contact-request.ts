// "Pyydä yhteydenottoa" on a helper step where nobody can do the visit (issue 26 item 5). Parsed
// on the server only (decision 0013); the page reads the reply (decision 0017).
import { type Infer, z } from "./zod";
import { contactRequestMessages as m } from "~/messages/contact-request";
import { emailField, optionalText, phoneField, textField } from "./fields";

export const CONTACT_REQUEST_MESSAGE_MAX = 1000;

export const ContactRequestSchema = z.object({
  fullName: textField(m.nameMissing).min(2, { error: m.nameTooShort }).max(100, { error: m.nameTooLong }),
  phone: phoneField({ missing: m.phoneMissing }),
  email: emailField().optional(),
  message: optionalText({ max: CONTACT_REQUEST_MESSAGE_MAX, tooLong: m.messageTooLong, multiline: true }),
  // Hidden from people; robots fill every input (as on the landing page's contact form).
  website: z.string().optional(),
});

export type ContactRequestFields = Infer<typeof ContactRequestSchema>;
