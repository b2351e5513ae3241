// The server half of /auth/unohtunut-salasana (apart from the page, so that the page's browser
// bundle has no Zod: decision 0013).
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { EmailOnlySchema } from "~/schemas/auth";
import { clientOf, requestPasswordReset } from "~/services/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return {
    sent: new URL(request.url).searchParams.get("lahetetty") === "1",
    constraint: getZodConstraint(EmailOnlySchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  await requestPasswordReset(submission.value.email, clientOf(request, context));
  return redirect("/auth/unohtunut-salasana?lahetetty=1");
}
