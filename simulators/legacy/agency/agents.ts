// The agents in the legacy simulator: the agent finder (search and pages), the list, and each
// agent's photo.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "../kit";
import { legacyError, svgReply } from "../replies";
import { pageOf } from "./reports";
import type { Agent } from "./seed";

const SKINS = ["#f1c7a3", "#d9a27c", "#a8714f", "#7a4e35", "#e8b896"];
const HAIRS = ["#2b1d14", "#6b4226", "#c9a15b", "#8a8a8a", "#1a1a1a", "#a0522d"];
const SHIRTS = ["#003781", "#5a6e8c", "#2f6f5e", "#7b3f61", "#44546a"];
const BACKDROPS = ["#dbe7f5", "#e6eef0", "#efe6dc", "#e4e9f2"];

/** A stand-in portrait drawn from the agent's number: head and shoulders, each agent their own hair, skin and jacket. */
function agentPhoto(agent: Agent) {
  const seed = Number(agent.ExterneId.replace(/\D/g, "")) || 0;
  const pick = (colours: string[], step: number) => colours[Math.floor(seed / step) % colours.length];
  const long = seed % 2 === 0;
  const hair = pick(HAIRS, 3);
  const hairShape = long
    ? `<path d="M44 78c-4-34 14-52 36-52s40 18 36 52l6 42h-84z" fill="${hair}"/>`
    : `<path d="M50 70c0-26 14-38 30-38s30 12 30 38c-8-12-20-16-30-16s-22 4-30 16z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" fill="${pick(BACKDROPS, 1)}"/>${long ? hairShape : ""}<path d="M24 160c4-30 26-44 56-44s52 14 56 44z" fill="${pick(SHIRTS, 2)}"/><path d="M70 104h20v18l-10 8-10-8z" fill="${pick(SKINS, 5)}"/><ellipse cx="80" cy="76" rx="27" ry="32" fill="${pick(SKINS, 5)}"/>${long ? "" : hairShape}<path d="M72 122l8 10 8-10" fill="none" stroke="#fff" stroke-width="3"/></svg>`;
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
