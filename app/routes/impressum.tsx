import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requestContext } from "#bff/portal/request-context.server";
import { LegalPage } from "~/components/legal-page";
import { loadLegalPage } from "~/legal-page.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export async function loader(args: LoaderFunctionArgs) {
  // With the advisor module the imprint goes home.
  const { config } = await requestContext(args.request, args.context.bff);
  if (config.ModuleAdv) throw redirect("/");
  return loadLegalPage(args, "impressum");
}

export default function LegalNotice() {
  const { title, text } = useLoaderData<typeof loader>();
  return <LegalPage id="impressum" title={title} text={text} />;
}
