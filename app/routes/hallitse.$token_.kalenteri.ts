import type { LoaderFunctionArgs } from "@remix-run/node";
import { manageCalendarFile } from "~/manage/manage-page.server";

// The visit's calendar file (.ics) for the holder of its "Hallitse varausta" link; none for a cancelled visit.

export async function loader({ params, context }: LoaderFunctionArgs) {
  return manageCalendarFile(params.token, context?.clientIp);
}
