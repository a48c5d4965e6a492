import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { LegacyApiError } from "#bff/legacy/errors";
import { getProductLink } from "#bff/recommendation/recommendation.server";
import { channelOf } from "#bff/session/channel.server";
import { EXPIRED_PAGE } from "~/access/recipient.server";

/** The click URL: on to the recommended product's page, which the backend names. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await context.requestContext(request);
  const empfaengernummer = new URL(request.url).searchParams.get("empfaengernummer") ?? undefined;
  try {
    const { Url } = await getProductLink(api, params.id!, { channel: channelOf(request, context.bff.choices), empfaengernummer });
    return redirect(Url);
  } catch (error) {
    if (error instanceof LegacyApiError && error.upstreamStatus < 500) return redirect(EXPIRED_PAGE);
    throw error;
  }
}
