// Who fetches a link only to show its preview: the link-preview crawlers of the messengers and
// networks where referral links are shared (each fetches a link as soon as it is pasted, before
// anyone taps it), a HEAD request, and a browser's prefetch. They get what any visitor gets, and
// leave no trace: no landing counted, no cookie set, no journey started (docs/decisions/075). Being
// taken for one grants nothing: it only takes away what a visit would leave behind.

/** Each crawler with a user agent it sends (for its test) and what in a user agent names it. */
export const LINK_PREVIEW_CRAWLERS = [
  { name: "WhatsApp", userAgent: "WhatsApp/2.24.6.77 A", pattern: /\bWhatsApp\//i },
  {
    name: "Facebook",
    userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    pattern: /facebookexternalhit|\bFacebot\b/i,
  },
  { name: "Twitter", userAgent: "Twitterbot/1.0", pattern: /\bTwitterbot\b/i },
  {
    name: "LinkedIn",
    userAgent: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    pattern: /\bLinkedInBot\b/i,
  },
  { name: "Slack", userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", pattern: /\bSlackbot\b/i },
  { name: "Telegram", userAgent: "TelegramBot (like TwitterBot)", pattern: /\bTelegramBot\b/i },
  { name: "Discord", userAgent: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", pattern: /\bDiscordbot\b/i },
  { name: "XING", userAgent: "XING-contenttabreceiver/2.0", pattern: /\bXING-contenttabreceiver\b/i },
  {
    name: "Applebot",
    userAgent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
    pattern: /\bApplebot\b/i,
  },
  { name: "Googlebot", userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", pattern: /\bGooglebot\b/i },
] as const;

/** A prefetch or prerender the browser makes before anyone follows the link (Sec-Purpose, and the older Purpose). */
const PREFETCH = /\bprefetch\b|\bprerender\b/i;

type Fetch = { method: string; header(name: string): string | null | undefined };

/** A request that only looks: a link-preview crawler, a HEAD, or a prefetch. */
export function isPreviewFetch({ method, header }: Fetch) {
  if (method.toUpperCase() === "HEAD") return true;
  if (PREFETCH.test(`${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-moz") ?? ""}`)) return true;
  const userAgent = header("user-agent") ?? "";
  return LINK_PREVIEW_CRAWLERS.some(({ pattern }) => pattern.test(userAgent));
}

/** The same for a Fetch API request, as a loader gets it. */
export const isPreviewRequest = (request: Request) =>
  isPreviewFetch({ method: request.method, header: (name) => request.headers.get(name) });
