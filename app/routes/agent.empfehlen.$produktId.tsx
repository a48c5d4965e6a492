import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAgent } from "~/access/agency.server";
import { RecommendForm } from "~/components/recommend-form";
import { titleMeta } from "~/meta";
import { loadRecommendForm, submitRecommendForm } from "~/screens/recommend.server";

export const meta = titleMeta;

/** EmpfehlenAgent: a signed-on agent creates a recommendation on a person's behalf, with the recommender's rules and messages. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const agent = requireAgent(request, context.bff);
  const ctx = await context.requestContext(request);
  return loadRecommendForm(request, context.bff, ctx, { kind: "agent", agent }, params.produktId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const agent = requireAgent(request, context.bff);
  const ctx = await context.actionContext(request);
  return submitRecommendForm(request, context.bff, ctx, { kind: "agent", agent }, params.produktId);
}

export default function AgentRecommend() {
  return <RecommendForm loaded={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />;
}
