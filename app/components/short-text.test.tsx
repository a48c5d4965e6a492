import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShortText } from "./short-text";

describe("a shortened text", () => {
  const long = "Maximilian Mustermann-Oberhausen von Lindenberg";

  it("shows 19 characters then dots, 10 on a phone, and the whole text to screen readers", () => {
    const html = renderToStaticMarkup(<ShortText text={long} />);
    expect(html).toContain('<span aria-hidden="true" class="md:hidden">Maximilian…</span>');
    expect(html).toContain('<span aria-hidden="true" class="hidden md:inline">Maximilian Musterma…</span>');
    expect(html).toContain(`<span class="sr-only">${long}</span>`);
  });

  it("leaves a text of 40 characters as it is", () => {
    expect(renderToStaticMarkup(<ShortText text={"a".repeat(40)} />)).toBe("a".repeat(40));
  });
});
