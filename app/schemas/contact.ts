// The landing page's contact form ("Lähetä viesti"). Used by Conform in the browser and by the
// index route's action on the server.
import { z } from "zod";

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const ContactSchema = z.object({
  name: z
    .string({ error: "Kirjoita nimesi" })
    .trim()
    .min(2, "Nimi liian lyhyt")
    .max(100, "Nimi liian pitkä"),
  email: z
    .string({ error: "Kirjoita sähköpostiosoitteesi" })
    .trim()
    .max(255, "Sähköposti liian pitkä")
    .pipe(z.email("Virheellinen sähköpostiosoite")),
  // Optional: people often prefer to be called back. Spaces and hyphens are how numbers are
  // written on paper, so they are accepted and removed.
  phone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^(\+358|0)\d{6,14}$/, "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)"))
    .optional(),
  message: z
    .string({ error: "Kirjoita viestisi" })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Viesti liian lyhyt (vähintään ${CONTACT_MESSAGE_MIN} merkkiä)`)
    .max(CONTACT_MESSAGE_MAX, `Viesti liian pitkä (enintään ${CONTACT_MESSAGE_MAX} merkkiä)`),
  // A field people never see (hidden from sight and assistive technology). Simple spam robots fill
  // every input; a filled one marks the submission as spam. Not an error: the robot learns nothing.
  website: z.string().optional(),
});

export type ContactMessage = z.infer<typeof ContactSchema>;
