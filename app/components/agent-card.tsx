import { Link } from "@remix-run/react";
import type { AgentsNearness } from "#bff/agency/agency.server";
import type { Agent } from "#bff/agency/replies";
import { useTranslation } from "~/i18n/use-translation";
import { ActionLabel } from "./action-label";
import { Button } from "./button";
import { PortalForm } from "./portal-form";
import { Section } from "./section";

export type AgentView = ReturnType<typeof agentView>;

/** What a visitor sees of an agent: the backend's reply has a name, a place and maybe a photo, no phone. */
export function agentView(agent: Agent) {
  return {
    id: agent.ExterneId,
    name: [agent.FirstName, agent.LastName].filter(Boolean).join(" "),
    place: `${agent.ZipCode} ${agent.City}`,
    photo: agent.Photo ? `/beraterfoto/${encodeURIComponent(agent.ExterneId)}` : null,
  };
}

/** An agent with the one thing to do: recommend them. */
export function AgentCard({ agent }: { agent: AgentView }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 rounded border border-slate-300 p-3">
      {agent.photo ? <img src={agent.photo} alt="" width={64} height={64} className="shrink-0 rounded-full" /> : null}
      <div className="min-w-0 break-words">
        <p className="font-semibold">{agent.name}</p>
        <p>{agent.place}</p>
        <p className="text-sm">{t("agents.number", { id: agent.id })}</p>
        <Link to={`/empfehlen?${new URLSearchParams({ berater: agent.id })}`} className="text-brand-ink underline">
          <ActionLabel action={t("agents.recommend")} subject={agent.name} />
        </Link>
      </div>
    </li>
  );
}

export type AgentsByPostcode = {
  /** What the visitor typed, kept as typed. */
  postcode: string;
  invalid: boolean;
  nearness: AgentsNearness | null;
};

/**
 * The insurance agency's own module on its first page: its agents, near the visitor's postcode where they give one, and
 * the way to all of them. `beside` lays the cards one under the other, for the first screen's side.
 */
export function AgentsNearby({
  agents,
  total,
  search,
  beside = false,
}: {
  agents: AgentView[];
  /** The agency's count of agents; null where only a search's is known. */
  total: number | null;
  search: AgentsByPostcode;
  beside?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section id="agents" title={t("home_page.agentsTitle")}>
      <p className="mt-2">{t("home_page.agentsIntro")}</p>
      <PostcodeForm search={search} />
      {search.nearness && !search.invalid ? (
        <p className="mt-4 font-medium">{t(NEARNESS_TEXTS[search.nearness], { postcode: search.postcode })}</p>
      ) : null}
      <ul className={`mt-4 grid grid-cols-1 gap-4 ${beside ? "" : "md:grid-cols-3"}`}>
        {agents.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </ul>
      <p className="mt-3">
        <Link to="/berater" className="text-brand-ink underline">
          {total === null ? t("home_page.allAgentsUncounted") : t("home_page.allAgents", { count: total })}
        </Link>
      </p>
    </Section>
  );
}

const NEARNESS_TEXTS = {
  postcode: "home_page.agentsNear",
  region: "home_page.agentsInRegion",
  elsewhere: "home_page.agentsNoneNear",
} as const satisfies Record<AgentsNearness, string>;

/** The visitor's postcode, asked for on the home page itself (a link with JavaScript off), its message beside it. */
function PostcodeForm({ search }: { search: AgentsByPostcode }) {
  const { t } = useTranslation();
  return (
    <PortalForm method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3" aria-label={t("home_page.postcodeSubmit")}>
      <div className="flex flex-col gap-1">
        <label htmlFor="plz" className="font-medium">
          {t("home_page.postcode")}
        </label>
        <p id="plz-hint" className="text-sm text-slate-600">
          {t("home_page.postcodeHint")}
        </p>
        <input
          id="plz"
          name="plz"
          defaultValue={search.postcode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          aria-invalid={search.invalid || undefined}
          aria-describedby={search.invalid ? "plz-hint plz-error" : "plz-hint"}
          className="field w-36"
        />
        {search.invalid ? (
          <p id="plz-error" className="text-sm text-red-800">
            {t("home_page.postcodeInvalid")}
          </p>
        ) : null}
      </div>
      <Button look="secondary">{t("home_page.postcodeSubmit")}</Button>
    </PortalForm>
  );
}
