import { describe, expect, it } from "vitest";
import { pagingDisagreements, shownPage } from "./paging";

const rows = (count: number) => Array.from({ length: count }, (_, index) => index);
const paging = (page: number) => ({ page, pageSize: 10 });

describe("server paging checked against its rows", () => {
  it("believes a page that agrees with itself, the last page and an empty report too", () => {
    expect(shownPage({ Content: rows(10), HasNext: true, PageCount: 3, TotalCount: 23 }, paging(1))).toEqual({
      rows: rows(10),
      page: 1,
      hasNext: true,
      pageCount: 3,
      totalCount: 23,
      atLeast: false,
    });
    expect(pagingDisagreements({ Content: rows(3), HasNext: false, PageCount: 3, TotalCount: 23 }, paging(3))).toEqual([]);
    expect(pagingDisagreements({ Content: [], HasNext: false, PageCount: 1, TotalCount: 0 }, paging(1))).toEqual([]);
    expect(pagingDisagreements({ Content: [], HasNext: false, PageCount: 0, TotalCount: 0 }, paging(1))).toEqual([]);
  });

  it("shows a TotalCount below its rows by the rows: at least what came, and the next page while rows come back full", () => {
    const reply = { Content: rows(10), HasNext: false, PageCount: 1, TotalCount: 3 };
    expect(pagingDisagreements(reply, paging(1))).toEqual(["10 rows on page 1 where a TotalCount of 3 leaves 3"]);
    expect(shownPage(reply, paging(1))).toMatchObject({ hasNext: true, pageCount: null, totalCount: 10, atLeast: true });
  });

  it("ends where rows stop coming full, whatever a HasNext that stays true says", () => {
    const reply = { Content: rows(3), HasNext: true, PageCount: 1, TotalCount: 3 };
    expect(pagingDisagreements(reply, paging(3))).toEqual([
      "3 rows on page 3 where a TotalCount of 3 leaves 0",
      "HasNext true on page 3 of 1",
    ]);
    expect(shownPage(reply, paging(3))).toMatchObject({ hasNext: false, pageCount: null, totalCount: 23, atLeast: false });
  });

  it("names a PageCount that does not fit its TotalCount, and more rows than asked for", () => {
    expect(pagingDisagreements({ Content: rows(12), HasNext: true, PageCount: 5, TotalCount: 30 }, paging(1))).toEqual([
      "12 rows where 10 were asked for",
      "PageCount 5 for a TotalCount of 30 at 10 a page",
      "12 rows on page 1 where a TotalCount of 30 leaves 10",
    ]);
  });
});
