// Tracking goals: the web-analytics goal call with goal ids 1 to 27. Sent from the
// browser, and only when the visitor consented to analytical cookies (the root loader decides).
import { useRouteLoaderData } from "@remix-run/react";
import { useCallback } from "react";

export const trackingGoals = {
  homeViewed: 1,
  productListViewed: 2,
  recommendFormViewed: 3,
  recommendationCreated: 4,
  shareViewed: 5,
  shareEmail: 6,
  shareGmail: 7,
  shareOutlook: 8,
  shareYahoo: 9,
  shareWhatsApp: 10,
  shareFacebook: 11,
  shareTwitter: 12,
  shareLinkedIn: 13,
  shareXing: 14,
  shareSms: 15,
  shareMessenger: 16,
  shareStory: 17,
  linkCopied: 18,
  recipientFormViewed: 19,
  recipientCreated: 20,
  recipientConsented: 21,
  recipientBankDataSaved: 22,
  recipientConfirmed: 23,
  offlineCodeEntered: 24,
  rewardChosen: 25,
  registrationCompleted: 26,
  contactSent: 27,
} as const;
export type TrackingGoal = keyof typeof trackingGoals;

/** A route's `handle.goal`: reached when the page shows. */
export type GoalHandle = { goal?: TrackingGoal };

export type Tracking = { url: string; siteId: number };

/** One analytics call (Matomo's tracking API); a picture request, so nothing waits for it. */
export function sendTracking(tracking: Tracking, params: Record<string, string | number>) {
  const url = new URL("matomo.php", tracking.url.endsWith("/") ? tracking.url : `${tracking.url}/`);
  const all = {
    idsite: tracking.siteId,
    rec: 1,
    res: `${screen.width}x${screen.height}`,
    rand: Math.floor(Math.random() * 1e9),
    ...params,
  };
  for (const [key, value] of Object.entries(all)) url.searchParams.set(key, String(value));
  new Image().src = url.toString();
}

/** A function that reports a goal, doing nothing without analytics consent. */
export function useTrackGoal() {
  const tracking = (useRouteLoaderData("root") as { tracking?: Tracking | null } | undefined)?.tracking;
  return useCallback((goal: TrackingGoal) => tracking && sendTracking(tracking, { idgoal: trackingGoals[goal] }), [tracking]);
}
