import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AGENTS_A_PAGE, searchAgents } from "#bff/agency/agency.server";
import { shownPage } from "#bff/legacy/paging";
import { requireLoginIfForced } from "~/access/recommender.server";
import { AgentCard, agentView } from "~/components/agent-card";
import { Button } from "~/components/button";
import { PageSection } from "~/components/page-section";
import { Pager } from "~/components/pager";
import { PortalForm } from "~/components/portal-form";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

const MAX_QUERY_LENGTH = 60;

function searchOf(query: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set("suche", query);
  if (page > 1) params.set("seite", String(page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

/** The agent finder (Produkt/berater, six to a page): search and pages are links, so it works without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const { api, config, texts } = await context.requestContext(request);
  if (!config.ModuleAgentRecommendation) throw new Response(null, { status: 404 });
  const params = new URL(request.url).searchParams;
  const query = (params.get("suche") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const requested = Number(params.get("seite"));
  const page = Number.isSafeInteger(requested) && requested > 0 ? requested : 1;
  const found = shownPage(await searchAgents(api, { query, page }), { page, pageSize: AGENTS_A_PAGE });
  return {
    title: fixedT(texts)("agents.title"),
    query,
    page,
    pageCount: found.pageCount,
    hasNext: found.hasNext,
    totalCount: found.totalCount,
    atLeast: found.atLeast,
    agents: found.rows.map(agentView),
  };
}

export default function AgentFinder() {
  const { title, query, page, pageCount, hasNext, totalCount, atLeast, agents } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="agents" title={title} width="3xl">
      <p>{t("agents.intro")}</p>
      <PortalForm method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          {t("agents.search")}
          <input type="search" name="suche" defaultValue={query} maxLength={MAX_QUERY_LENGTH} className="field" />
        </label>
        <Button>{t("agents.submit")}</Button>
      </PortalForm>
      <p>{t(atLeast ? "agents.foundAtLeast" : "agents.found", { count: totalCount })}</p>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {agents.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </ul>
      <Pager page={page} pageCount={pageCount} hasNext={hasNext} hrefOf={(target) => searchOf(query, target)} />
    </PageSection>
  );
}
