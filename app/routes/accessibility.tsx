import { redirect } from "@remix-run/node";

/** Another address people try for the accessibility statement. */
export function loader() {
  return redirect("/barrierefreiheit", 301);
}
