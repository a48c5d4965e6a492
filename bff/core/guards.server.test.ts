import { describe, expect, it } from "vitest";
import { forcedLoginRedirect, isOpenWhenLoginIsForced } from "./guards.server";

const forced = { ModuleErzwingeLogin: true };
const url = (path: string) => new URL(`http://standard.localhost${path}`);

describe("forced login (spec 2.2 item 8)", () => {
  it.each([
    "/404",
    "/agb",
    "/bankdaten",
    "/code",
    "/datenschutz",
    "/empfaengerdaten/ST-1",
    "/exklusiv",
    "/exclusiv",
    "/faq",
    "/impressum",
    "/kontakt",
    "/login",
    "/logout",
    "/passwortsetzen",
    "/passwortvergessen",
    "/praemie",
    "/praemie/12",
    "/registrieren",
  ])("leaves %s open", (path) => {
    expect(isOpenWhenLoginIsForced(path)).toBe(true);
    expect(forcedLoginRedirect(forced, false, url(path))).toBeNull();
  });

  it.each(["/", "/persoenlicherbereich", "/meinedaten", "/empfehlen/5", "/empfaengerbestaetigung"])(
    "sends a logged-out visitor from %s to /login",
    (path) => {
      expect(forcedLoginRedirect(forced, false, url(`${path}?x=1`))).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?x=1`)}`);
    },
  );

  it("lets a logged-in user and every visitor of a tenant without forced login through", () => {
    expect(forcedLoginRedirect(forced, true, url("/"))).toBeNull();
    expect(forcedLoginRedirect({ ModuleErzwingeLogin: false }, false, url("/"))).toBeNull();
  });
});
