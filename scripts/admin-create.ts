import { parseArgs } from "node:util";
import { connect, disconnect } from "../app/db.server";
import { prepareDatabase, seedModeFor } from "../app/db/prepare.server";
import { env } from "../app/env.server";
import { createStaffAccount } from "../app/services/staff-accounts.server";

// npm run admin:create -- --email aino@example.fi [--name "Aino Ylläpitäjä"] [--role moderator]
// Creates a staff account (admin by default) with a generated password, printed once. An address
// that already has an account gets the role and a new password. Works on the embedded database
// and on PostgreSQL (DATABASE_URL), and migrates it first, so it can be the very first command.

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "admin" },
  },
});
const role = values.role;
if (!values.email || (role !== "admin" && role !== "moderator" && role !== "support")) {
  console.error('Usage: npm run admin:create -- --email <address> [--name "Full Name"] [--role admin|moderator|support]');
  process.exit(2);
}

const { db, target } = await connect();
try {
  await prepareDatabase(db, { seedIfEmpty: seedModeFor(target, env().NODE_ENV) });
  const account = await createStaffAccount(db, { email: values.email, fullName: values.name, role });
  console.log(
    [
      `${account.created ? "Created" : "Updated"} ${role} ${values.email} in the ${target.kind} database.`,
      `Password (shown only now): ${account.password}`,
      "Sign in at /auth; change the password through “Unohtuiko salasana?” if you like.",
    ].join("\n"),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await disconnect();
}
