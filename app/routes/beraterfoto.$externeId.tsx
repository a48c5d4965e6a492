import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAgentPhoto } from "#bff/agency/agency.server";
import { imageResponse } from "#bff/catalogue/image-response.server";

const AGENT_ID = /^[\w-]{1,40}$/;

/** An agent's photo (Produkt/berater) through the BFF, like every legacy picture. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!AGENT_ID.test(params.externeId ?? "")) return new Response(null, { status: 404 });
  const { api } = await context.requestContext(request);
  return imageResponse(await getAgentPhoto(api, params.externeId!));
}
