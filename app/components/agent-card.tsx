import { Link } from "@remix-run/react";
import type { Agent } from "#bff/agency/replies";
import { useTranslation } from "~/i18n/use-translation";
import { ActionLabel } from "./action-label";
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

/** The insurance agency's own module on its first page: a few of its agents, and the way to all of them. */
export function AgentsNearby({ agents, total }: { agents: AgentView[]; total: number }) {
  const { t } = useTranslation();
  return (
    <Section id="agents" title={t("home_page.agentsTitle")}>
      <p className="mt-2">{t("home_page.agentsIntro")}</p>
      <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
        {agents.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </ul>
      <p className="mt-3">
        <Link to="/berater" className="text-brand-ink underline">
          {t("home_page.allAgents", { count: total })}
        </Link>
      </p>
    </Section>
  );
}
