import crypto from "node:crypto";
import type { DB } from "../db.server";
import type { StaffRole } from "../db/schema";
import { findProfileIdByEmail, insertProfile, markEmailConfirmed, setPassword, setStaffRole } from "../models/users.server";
import { emailField } from "../schemas/fields";
import { hashPassword } from "./password.server";

// Staff accounts made from the command line (DESIGN.md decision 20): production has no demo
// accounts, so its first admin is created by `npm run admin:create`. The password is generated
// here and shown once by the command; nobody has to type or remember a shared one.

export interface CreatedStaffAccount {
  userId: string;
  /** False when the address had an account, which now has the role and a new password. */
  created: boolean;
  password: string;
}

/** 20 characters from 120 random bits, URL-safe so it can be pasted anywhere. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}

export async function createStaffAccount(
  db: DB,
  input: { email: string; fullName?: string; role: StaffRole },
): Promise<CreatedStaffAccount> {
  const email = emailField().parse(input.email);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await findProfileIdByEmail(trx, email);
    const userId =
      existing ?? (await insertProfile(trx, { email, fullName: input.fullName ?? "", passwordHash, userType: "customer" }))?.id;
    if (!userId) throw new Error(`could not create an account for ${email}`);
    if (existing) await setPassword(trx, userId, passwordHash);
    await markEmailConfirmed(trx, userId);
    await setStaffRole(trx, userId, input.role);
    return { userId, created: !existing, password };
  });
}
