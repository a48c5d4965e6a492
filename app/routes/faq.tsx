import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withVariables } from "#bff/content/content.server";
import { ContentText } from "~/components/content-text";
import { PageSection } from "~/components/page-section";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** The FAQ from the CMS (about 15 questions, with the programme rules); each opens without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { bff } = context;
  const { config, locale, texts } = await context.requestContext(request);
  const [faq, variables] = await Promise.all([
    bff.cms.optional(() => bff.cms.getFaq(config, "allgemein", locale)),
    bff.cms.optional(() => bff.cms.getVariables(config)),
  ]);
  return {
    title: fixedT(texts)("faq.title"),
    questions: faq?.map((item) => ({ id: item.Id, question: item.Frage, answer: withVariables(item.Antwort, variables ?? {}) })) ?? null,
  };
}

export default function Faq() {
  const { questions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="faq" title={t("faq.title")} width="3xl">
      {questions ? (
        <div className="divide-y rounded border border-slate-300">
          {questions.map((item) => (
            <details key={item.id} id={item.id} className="group p-4">
              <summary className="cursor-pointer font-semibold">{item.question}</summary>
              <div className="mt-2 space-y-2">
                <ContentText text={item.answer} />
              </div>
            </details>
          ))}
        </div>
      ) : (
        <p role="alert">{t("errors:contentUnavailable")}</p>
      )}
      <p>
        {t("faq.moreQuestions")}{" "}
        <Link to="/kontakt" className="text-brand-ink underline">
          {t("footer.kontakt")}
        </Link>
      </p>
    </PageSection>
  );
}
