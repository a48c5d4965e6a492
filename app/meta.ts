import type { MetaFunction } from "@remix-run/node";

/** The page title that a route's loader translated into the page's language. */
export const titleMeta: MetaFunction = ({ data }) => [{ title: (data as { title?: string } | undefined)?.title ?? "" }];
