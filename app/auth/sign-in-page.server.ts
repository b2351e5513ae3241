// The server half of /auth, sign-in and sign-up (apart from the page, so that the page's browser
// bundle has no Zod: decision 0013).
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { homePathFor, safeRedirectPath, signInToastTitle } from "~/auth/access";
import { requireAnonymous } from "~/auth/guards.server";
import { logger } from "~/logger.server";
import { authMessages as authTexts, rateLimitedMessage } from "~/messages/auth";
import { EmailOnlySchema, SignInSchema, SignUpSchema } from "~/schemas/auth";
import { clientOf, createAccount, createUserSession, resendConfirmation, signIn } from "~/services/auth.server";
import { peekSignInEmail, redirectWithToast } from "~/services/flash.server";
import { retryAfterMinutes } from "~/services/rate-limit.server";

/** The open tab. */
export type Tab = "signin" | "signup";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request, homePathFor);
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "rekisteroidy" ? "signup" : "signin";
  return {
    tab,
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
    // Set after a sign-up or a resend, so the sign-in tab can remind to confirm the address first.
    checkMail: url.searchParams.get("vahvista") === "1",
    // Set after a new password was saved, so that only the password is left to type.
    signInEmail: await peekSignInEmail(request),
    constraints: { signin: getZodConstraint(SignInSchema), signup: getZodConstraint(SignUpSchema) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const intent = formData.get("intent");
  const client = clientOf(request, context);

  if (intent === "signin") {
    const submission = parseWithZod(formData, { schema: SignInSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const outcome = await signIn(request, { email: submission.value.email, ip: client.ip ?? null });
    if (!outcome.ok) {
      const hidden = { hideFields: ["password"] };
      if (outcome.reason === "rate_limited") {
        const minutes = retryAfterMinutes(outcome.retryAfterSeconds);
        return data(
          { intent, result: submission.reply({ ...hidden, formErrors: [rateLimitedMessage(minutes)] }) },
          { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
        );
      }
      if (outcome.reason === "suspended") {
        return data({ intent, result: submission.reply({ ...hidden, formErrors: [authTexts.accountFrozen] }) }, { status: 403 });
      }
      if (outcome.reason === "unconfirmed") {
        return data(
          { intent, result: submission.reply({ ...hidden, formErrors: [authTexts.unconfirmed] }), unconfirmedEmail: outcome.email },
          { status: 403 },
        );
      }
      return data({ intent, result: submission.reply({ ...hidden, formErrors: [authTexts.wrongCredentials] }) }, { status: 401 });
    }
    const cookie = await createUserSession(request, outcome.user, client);
    const to = safeRedirectPath(submission.value.redirectTo) ?? homePathFor(outcome.user);
    return redirectWithToast(
      request,
      to,
      { type: "success", title: signInToastTitle(outcome.user) },
      { headers: { "Set-Cookie": cookie } },
    );
  }

  if (intent === "signup") {
    const submission = parseWithZod(formData, { schema: SignUpSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    try {
      await createAccount(submission.value, client);
    } catch (error) {
      logger.error({ err: error }, "sign-up failed");
      return data(
        { intent, result: submission.reply({ hideFields: ["password"], formErrors: [authTexts.unexpected] }) },
        { status: 500 },
      );
    }
    return redirectWithToast(request, "/auth?tab=kirjaudu&vahvista=1", {
      type: "success",
      title: authTexts.signUpSucceeded,
      description: authTexts.signUpSucceededDescription,
    });
  }

  if (intent === "resend-confirmation") {
    const submission = parseWithZod(formData, { schema: EmailOnlySchema });
    if (submission.status === "success") await resendConfirmation(submission.value.email, client);
    // The same answer whether or not the address has an unconfirmed account.
    return redirectWithToast(request, "/auth?tab=kirjaudu&vahvista=1", {
      type: "info",
      title: authTexts.confirmationResent,
      description: authTexts.confirmationResentDescription,
    });
  }

  throw new Response("Tuntematon lomake", { status: 400 });
}
