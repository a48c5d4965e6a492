import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { loadLegalPage } from "~/legal-page.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export function loader(args: LoaderFunctionArgs) {
  return loadLegalPage(args, "agb");
}

export default function TermsOfParticipation() {
  const { title, text } = useLoaderData<typeof loader>();
  return <LegalPage id="agb" title={title} text={text} />;
}
