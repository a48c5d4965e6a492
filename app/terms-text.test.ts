import { describe, expect, it } from "vitest";
import { termsParts, termsPlainText } from "./terms-text";

describe("terms texts", () => {
  const text = "Ich akzeptiere die [Teilnahmebedingungen](/agb) und habe die [Datenschutzhinweise](/datenschutz) gelesen.";

  it("send the words the visitor read, without the link markup", () => {
    expect(termsPlainText(text)).toBe("Ich akzeptiere die Teilnahmebedingungen und habe die Datenschutzhinweise gelesen.");
  });

  it("show the named documents as links to the portal's own pages", () => {
    expect(termsParts(text).filter((part) => part.href)).toEqual([
      { text: "Teilnahmebedingungen", href: "/agb" },
      { text: "Datenschutzhinweise", href: "/datenschutz" },
    ]);
    expect(termsParts("[x](https://evil.example)")).toEqual([{ text: "[x](https://evil.example)" }]);
  });
});
