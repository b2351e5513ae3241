import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { authMessages as authTexts } from "~/messages/auth";
import { signOut } from "~/services/auth.server";
import { redirectWithToast } from "~/services/flash.server";

// Sign-out is a POST (a link or an image tag on another page must not sign anyone out). The
// session row is deleted and the cookie cleared. From the back office the user goes to /auth,
// from the portal to the site root (spec 000 §2); the form says which with `from`.

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  const to = formData.get("from") === "backoffice" ? "/auth" : "/";
  const cookie = await signOut(request);
  return redirectWithToast(request, to, { type: "info", title: authTexts.signedOut }, { headers: { "Set-Cookie": cookie } });
}
