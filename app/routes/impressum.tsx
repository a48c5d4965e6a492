import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { loadLegalPage } from "~/legal-page.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export async function loader(args: LoaderFunctionArgs) {
  // With the advisor module the imprint goes home.
  const { config } = await args.context.requestContext(args.request);
  if (config.ModuleAdv) throw redirect("/");
  return loadLegalPage(args, "impressum");
}

export default function LegalNotice() {
  const { title, text } = useLoaderData<typeof loader>();
  return <LegalPage id="impressum" title={title} text={text} />;
}
