// The agents in the legacy simulator: the agent finder (search and pages), the list, and each
// agent's photo.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "../kit";
import { legacyError, svgReply } from "../replies";
import { pageOf } from "./reports";
import type { Agent } from "./seed";

function agentPhoto(agent: Agent) {
  const initials = `${agent.FirstName[0]}${agent.LastName[0]}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="80" fill="#003781"/><text x="80" y="96" text-anchor="middle" font-family="sans-serif" font-size="52" fill="#fff">${initials}</text></svg>`;
}

export function agentHandlers({ legacy, state }: SimulatorKit): HttpHandler[] {
  const agentsOf = (tenantId: string) => state().agency.agents.get(tenantId) ?? [];
  return [
    http.get(
      "*/api/v1/Produkt/berater",
      legacy(({ request, tenantId }) => {
        const params = new URL(request.url).searchParams;
        const query = (params.get("query") ?? "").trim().toLowerCase();
        const found = agentsOf(tenantId).filter(
          (agent) =>
            !query || [agent.FirstName, agent.LastName, agent.ZipCode, agent.City].some((value) => value.toLowerCase().includes(query)),
        );
        return HttpResponse.json(
          pageOf(found, { Pagenumber: Number(params.get("page")) || 1, Pagesize: Number(params.get("pagesize")) || 6 }),
        );
      }),
    ),
    http.get(
      "*/api/v1/Produkt/agents",
      legacy(({ tenantId }) => HttpResponse.json(agentsOf(tenantId))),
    ),
    http.get(
      "*/api/v1/Produkt/berater/:id/foto",
      legacy(({ params, tenantId }) => {
        const agent = agentsOf(tenantId).find((item) => item.ExterneId === params.id);
        return agent ? svgReply(agentPhoto(agent)) : legacyError(404, "PSOF0001");
      }),
    ),
  ];
}
