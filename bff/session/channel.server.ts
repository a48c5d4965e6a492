// A channel or campaign from the query (channel, c, pk_campaign, mtm_campaign) is kept in the
// sealed channel cookie for 730 days (choice-cookies.server.ts) and travels into the calls that
// take a channel.
import { CHANNEL_VALUE, type ChoiceCookies } from "./choice-cookies.server";

const CHANNEL_PARAMS = ["channel", "c", "pk_campaign", "mtm_campaign"] as const;

export function channelFromQuery(url: URL): string | undefined {
  for (const param of CHANNEL_PARAMS) {
    const value = url.searchParams.get(param);
    if (value && CHANNEL_VALUE.test(value)) return value;
  }
  return undefined;
}

/** The channel of this request: from its query first, else from the cookie. */
export function channelOf(request: Request, choices: Pick<ChoiceCookies, "channel">): string | undefined {
  return channelFromQuery(new URL(request.url)) ?? choices.channel.read(request) ?? undefined;
}

const CAMPAIGN_PARAMS = ["c", "pk_campaign", "mtm_campaign"] as const;

/** The campaign values of the page's query, for the calls that take `?channel&{query}`. */
export function campaignQuery(request: Request): Record<string, string> {
  const url = new URL(request.url);
  return Object.fromEntries(
    CAMPAIGN_PARAMS.flatMap((param) => {
      const value = url.searchParams.get(param);
      return value && CHANNEL_VALUE.test(value) ? [[param, value]] : [];
    }),
  );
}
