import { z } from "./zod";
import { authMessages as m } from "~/messages/auth";
import { fieldMessages as fm } from "~/messages/fields";
import { emailField, newPasswordField, personName, signInPasswordField, textField } from "./fields";

// The sign-in, sign-up and password forms (spec 000 §5 "Sign-in" and "Sign-up"; spec 001 §5
// "Password change"). Used by Conform in the browser and by the actions on the server; the rules
// are the shared ones of ./fields.ts.

export const NAME_MAX = 100;

const email = emailField({ missing: m.emailMissing });

const fullName = personName({ missing: m.nameMissing, tooShort: m.nameTooShort, tooLong: m.nameTooLong }, NAME_MAX);

export const SignInSchema = z.object({
  email,
  password: signInPasswordField(),
  redirectTo: z.string().max(2000).optional(),
});

export const SignUpSchema = z.object({
  fullName,
  email,
  password: newPasswordField(),
});

/** "Send the confirmation link again" and "forgot password" ask only for the address. */
export const EmailOnlySchema = z.object({ email });

export const NewPasswordSchema = z
  .object({
    token: textField(m.linkInvalidToken).min(1, { error: m.linkInvalidToken }).max(200, { error: m.linkInvalidToken }),
    password: newPasswordField(),
    confirmPassword: z.string({ error: fm.passwordsDiffer }).max(200, { error: fm.passwordsDiffer }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: fm.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** Password change in the portal profile (spec 001 §5 "Password change", messages verbatim). */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: m.currentPasswordRequired })
      .min(1, { error: m.currentPasswordRequired })
      .max(200, { error: m.currentPasswordRequired }),
    newPassword: newPasswordField({ tooShort: m.newPasswordTooShort }),
    confirmPassword: z.string({ error: fm.passwordsDiffer }).max(200, { error: fm.passwordsDiffer }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: fm.passwordsDiffer,
    path: ["confirmPassword"],
  });
