import { redirect } from "@remix-run/node";

/** Spec 2.1: any unknown path goes to /404. */
export function loader() {
  return redirect("/404");
}
