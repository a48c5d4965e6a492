import type { MetaFunction } from "@remix-run/node";

type WithTitle = { title?: string; description?: string };

/**
 * The page title that a route's loader translated into the page's language, and its description
 * (the route's own, else the tenant's from the root loader).
 */
export const titleMeta: MetaFunction = ({ data, matches }) => {
  const page = data as WithTitle | undefined;
  const root = matches.find((match) => match.id === "root")?.data as { description?: string } | undefined;
  const description = page?.description ?? root?.description;
  // A soft hyphen that breaks a long word in a heading has no place in a tab or a bookmark.
  const title = page?.title?.replaceAll("\u00ad", "");
  return [...(title ? [{ title }] : []), ...(description ? [{ name: "description", content: description }] : [])];
};
