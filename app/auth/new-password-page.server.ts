// The server half of /auth/uusi-salasana (apart from the page, so that the page's browser bundle
// has no Zod: decision 0013).
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { authMessages as authTexts } from "~/messages/auth";
import { NewPasswordSchema } from "~/schemas/auth";
import { homePathFor } from "~/auth/access";
import { clientOf, createUserSession, passwordLinkPurpose, resetPassword } from "~/services/auth.server";
import { redirectWithFlash, redirectWithToast } from "~/services/flash.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const purpose = token ? await passwordLinkPurpose(token) : null;
  return data(
    { token: purpose ? token : null, purpose, constraint: getZodConstraint(NewPasswordSchema) },
    { status: purpose ? 200 : 400 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const purpose = await passwordLinkPurpose(submission.value.token);
  const account = await resetPassword(submission.value.token, submission.value.password);
  if (!account) {
    return data(
      submission.reply({ hideFields: ["password", "confirmPassword"], formErrors: [authTexts.linkInvalid] }),
      { status: 400 },
    );
  }
  const toast =
    purpose === "set_password"
      ? { type: "success" as const, title: authTexts.profileFinished, description: authTexts.profileFinishedDescription }
      : { type: "success" as const, title: authTexts.passwordChanged, description: authTexts.passwordChangedSignedIn };
  if (account.user) {
    // The link proved the mailbox and the person just chose the password: asking for it again at
    // once is a step that only trips people up, so they are signed in (issue 31).
    const cookie = await createUserSession(request, account.user, clientOf(request, context));
    return redirectWithToast(request, homePathFor(account.user), toast, { headers: { "Set-Cookie": cookie } });
  }
  // A frozen account is not signed in: the sign-in form, filled in with the address (a flash
  // value: never in the URL), says why when they try.
  return redirectWithFlash(request, "/auth?tab=kirjaudu", {
    signInEmail: account.email,
    toast:
      purpose === "set_password"
        ? { type: "success", title: authTexts.profileFinished, description: "Voit nyt kirjautua sisään salasanallasi." }
        : { type: "success", title: authTexts.passwordChanged, description: authTexts.passwordChangedDescription },
  });
}
