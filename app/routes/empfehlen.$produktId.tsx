import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireLoginIfForced } from "~/access/recommender.server";
import { RecommendForm } from "~/components/recommend-form";
import { titleMeta } from "~/meta";
import { loadRecommendForm, recommenderOf, submitRecommendForm } from "~/screens/recommend.server";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recommendFormViewed" };

/** Empfehlen: a logged-in recommender recommends as themselves; a visitor gives name and e-mail. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const ctx = await context.requestContext(request);
  return loadRecommendForm(request, context.bff, ctx, recommenderOf(ctx.user), params.produktId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireLoginIfForced(request, context);
  const ctx = await context.actionContext(request);
  return submitRecommendForm(request, context.bff, ctx, recommenderOf(ctx.user), params.produktId);
}

export default function Recommend() {
  return <RecommendForm loaded={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />;
}
