import { z } from "zod";

// The sign-in, sign-up and password forms (spec 000 §5 "Sign-in" and "Sign-up"; messages verbatim).
// Used by Conform in the browser and by the actions on the server. Conform turns an empty field
// into `undefined`, so each field's "missing" message is the one its first rule would give.

export const authMessages = {
  invalidEmail: "Virheellinen sähköpostiosoite",
  emailTooLong: "Sähköposti liian pitkä",
  passwordTooShort: "Salasanan on oltava vähintään 8 merkkiä",
  passwordTooLong: "Salasana liian pitkä",
  nameTooShort: "Nimi liian lyhyt",
  nameTooLong: "Nimi liian pitkä",
  nameInvalid: "Nimi sisältää epäkelpoja merkkejä",
  passwordNeedsUpper: "Salasanan tulee sisältää vähintään yksi iso kirjain",
  passwordNeedsLower: "Salasanan tulee sisältää vähintään yksi pieni kirjain",
  passwordNeedsDigit: "Salasanan tulee sisältää vähintään yksi numero",
  passwordsDiffer: "Salasanat eivät täsmää",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;
export const EMAIL_MAX = 255;
export const NAME_MIN = 2;
export const NAME_MAX = 100;

const email = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .max(EMAIL_MAX, { error: authMessages.emailTooLong })
  .pipe(z.email({ error: authMessages.invalidEmail }));

const signInPassword = z
  .string({ error: authMessages.passwordTooShort })
  .min(PASSWORD_MIN, { error: authMessages.passwordTooShort })
  .max(PASSWORD_MAX, { error: authMessages.passwordTooLong });

/** Sign-up rules: length as at sign-in, plus an upper-case letter, a lower-case letter and a digit. */
export const newPassword = signInPassword
  .regex(/\p{Lu}/u, { error: authMessages.passwordNeedsUpper })
  .regex(/\p{Ll}/u, { error: authMessages.passwordNeedsLower })
  .regex(/[0-9]/, { error: authMessages.passwordNeedsDigit });

// Letters of any alphabet (so ä, ö, å, é…), combining marks, spaces, hyphens and apostrophes.
const NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;

const fullName = z
  .string({ error: authMessages.nameTooShort })
  .trim()
  .min(NAME_MIN, { error: authMessages.nameTooShort })
  .max(NAME_MAX, { error: authMessages.nameTooLong })
  .regex(NAME_PATTERN, { error: authMessages.nameInvalid });

export const SignInSchema = z.object({
  email,
  password: signInPassword,
  redirectTo: z.string().optional(),
});

export const SignUpSchema = z.object({
  fullName,
  email,
  password: newPassword,
});

/** "Send the confirmation link again" and "forgot password" ask only for the address. */
export const EmailOnlySchema = z.object({ email });

export const NewPasswordSchema = z
  .object({
    token: z.string({ error: "Linkki on virheellinen." }).min(1),
    password: newPassword,
    confirmPassword: z.string({ error: authMessages.passwordsDiffer }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: authMessages.passwordsDiffer,
    path: ["confirmPassword"],
  });

