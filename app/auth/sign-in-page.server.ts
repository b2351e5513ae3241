// The server half of /auth, sign-in and sign-up (apart from the page, so that the page's browser
// bundle has no Zod: decision 0013).
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { homePathFor, safeRedirectPath, signInToastTitle } from "~/auth/access";
import { requireAnonymous } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { logger } from "~/logger.server";
import { formatDate } from "~/domain/format";
import { accountDeletionNotices } from "~/messages/account-deletion-notices";
import { applicantTexts } from "~/messages/caregiver-approval";
import { getContactInfo } from "~/models/settings.server";
import { authMessages as authTexts, rateLimitedMessage, signUpRateLimitedMessage } from "~/messages/auth";
import { EmailOnlySchema, SignInSchema, SignUpSchema } from "~/schemas/auth";
import { clientOf, createUserSession, requestSignUp, resendConfirmation, signIn } from "~/services/auth.server";
import { BOT_CHECK_FIELDS, createBotCheck, verifyBotCheck } from "~/services/bot-check.server";
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
    // Sign-up has the bot check of the other public forms (issue 31); sign-in has its limits.
    botCheck: tab === "signup" ? createBotCheck() : null,
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
      if (outcome.reason === "caregiver_suspended") {
        const contact = await getContactInfo(await getDb());
        return data(
          { intent, result: submission.reply({ ...hidden, formErrors: [applicantTexts.suspendedSignIn(contact.phone, contact.email)] }), contact: { phone: contact.phone, email: contact.email } },
          { status: 403 },
        );
      }
      if (outcome.reason === "suspended") {
        return data({ intent, result: submission.reply({ ...hidden, formErrors: [authTexts.accountFrozen] }) }, { status: 403 });
      }
      if (outcome.reason === "deletion_pending") {
        const message = accountDeletionNotices.signInPending(formatDate(outcome.deleteAfter));
        return data({ intent, result: submission.reply({ ...hidden, formErrors: [message] }) }, { status: 403 });
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
    // Every refusal brings a new question: a question token is spent once it is checked.
    const refuse = (result: ReturnType<typeof submission.reply>, status: number, headers?: HeadersInit) =>
      data({ intent, result, botCheck: createBotCheck() }, { status, headers });
    const submission = parseWithZod(formData, { schema: SignUpSchema });
    if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["password"] }), 400);
    // Verified only once the form is valid: a passed check is spent, and a typo should not cost one.
    const bot = await verifyBotCheck(await getDb(), formData);
    if (!bot.ok) {
      return refuse(submission.reply({ hideFields: ["password"], fieldErrors: { [BOT_CHECK_FIELDS.answer]: [bot.message] } }), 400);
    }
    let outcome: Awaited<ReturnType<typeof requestSignUp>>;
    try {
      outcome = await requestSignUp(submission.value, client);
    } catch (error) {
      logger.error({ err: error }, "sign-up failed");
      return refuse(submission.reply({ hideFields: ["password"], formErrors: [authTexts.unexpected] }), 500);
    }
    if (!outcome.ok) {
      const minutes = retryAfterMinutes(outcome.retryAfterSeconds);
      return refuse(submission.reply({ hideFields: ["password"], formErrors: [signUpRateLimitedMessage(minutes)] }), 429, {
        "Retry-After": String(outcome.retryAfterSeconds),
      });
    }
    // The same answer whether or not the address has an account (decision 0025).
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
