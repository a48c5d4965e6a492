import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { type GoalHandle, sendTracking, type Tracking, trackingGoals } from "~/tracking";

/** After each navigation: the 'navigated' page view, and the goal of the page reached. */
export function TrackNavigation({ tracking }: { tracking: Tracking }) {
  const location = useLocation();
  const matches = useMatches();
  const goal = (matches.at(-1)?.handle as GoalHandle | undefined)?.goal;
  useEffect(() => {
    sendTracking(tracking, { url: window.location.href, action_name: document.title });
    if (goal) sendTracking(tracking, { idgoal: trackingGoals[goal] });
  }, [location.key, goal, tracking]);
  return null;
}
