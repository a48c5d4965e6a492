// A channel or campaign from the query (channel, c, pk_campaign, mtm_campaign)
// is kept in a channel cookie for 730 days and travels into the calls that take a channel.
import { parse, serialize } from "cookie";

const CHANNEL_PARAMS = ["channel", "c", "pk_campaign", "mtm_campaign"] as const;
const CHANNEL_COOKIE = "rp_channel";
const CHANNEL_MAX_AGE = 730 * 24 * 60 * 60;
const CHANNEL_VALUE = /^[\w.-]{1,64}$/;

export function channelFromQuery(url: URL): string | undefined {
  for (const param of CHANNEL_PARAMS) {
    const value = url.searchParams.get(param);
    if (value && CHANNEL_VALUE.test(value)) return value;
  }
  return undefined;
}

export function channelCookie(value: string, secure: boolean) {
  return serialize(CHANNEL_COOKIE, value, { maxAge: CHANNEL_MAX_AGE, path: "/", sameSite: "lax", httpOnly: true, secure });
}

/** The channel of this request: from its query first, else from the cookie. */
export function channelOf(request: Request): string | undefined {
  const fromQuery = channelFromQuery(new URL(request.url));
  if (fromQuery) return fromQuery;
  const stored = parse(request.headers.get("Cookie") ?? "")[CHANNEL_COOKIE];
  return stored && CHANNEL_VALUE.test(stored) ? stored : undefined;
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
