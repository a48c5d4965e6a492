// Server paging as the legacy API answers it (`Content`, `HasNext`, `PageCount`, `TotalCount`), checked
// against itself: a backend whose counts disagree with its rows (a count cached apart from the query, a
// HasNext that stays true) is shown by the rows it sent, never by the counts, so no row becomes unreachable.

/** Which page was asked for, and how many rows make one. */
export type Paging = { page: number; pageSize: number };

type PageReply<T> = { Content: T[]; HasNext: boolean; PageCount: number; TotalCount: number };

/** What a page's reply says that its own rows or counts contradict; empty where it agrees with itself. */
export function pagingDisagreements({ Content, HasNext, PageCount, TotalCount }: PageReply<unknown>, { page, pageSize }: Paging) {
  const found: string[] = [];
  const rows = Content.length;
  const pagesForTotal = Math.ceil(TotalCount / pageSize);
  const rowsForTotal = Math.min(pageSize, Math.max(0, TotalCount - (page - 1) * pageSize));
  if (rows > pageSize) found.push(`${rows} rows where ${pageSize} were asked for`);
  if (PageCount !== pagesForTotal && !(TotalCount === 0 && PageCount <= 1))
    found.push(`PageCount ${PageCount} for a TotalCount of ${TotalCount} at ${pageSize} a page`);
  if (rows !== rowsForTotal) found.push(`${rows} rows on page ${page} where a TotalCount of ${TotalCount} leaves ${rowsForTotal}`);
  if (HasNext !== page < PageCount) found.push(`HasNext ${HasNext} on page ${page} of ${PageCount}`);
  return found;
}

/** A page as the portal shows it: the counts where the reply agrees with itself; else what its rows tell. */
export type ShownPage<T> = {
  rows: T[];
  page: number;
  hasNext: boolean;
  /** The pages in all, or null where the backend's counts cannot be believed. */
  pageCount: number | null;
  /** The rows in all; where the counts cannot be believed, the rows up to this page, and `atLeast` while more may follow. */
  totalCount: number;
  atLeast: boolean;
};

/** The page to show: a next page is offered while rows come back full, whatever `HasNext` says, where the counts disagree. */
export function shownPage<T>(reply: PageReply<T>, paging: Paging): ShownPage<T> {
  const rows = reply.Content;
  if (pagingDisagreements(reply, paging).length === 0)
    return { rows, page: paging.page, hasNext: reply.HasNext, pageCount: reply.PageCount, totalCount: reply.TotalCount, atLeast: false };
  const hasNext = rows.length >= paging.pageSize;
  return {
    rows,
    page: paging.page,
    hasNext,
    pageCount: null,
    totalCount: (paging.page - 1) * paging.pageSize + rows.length,
    atLeast: hasNext,
  };
}
