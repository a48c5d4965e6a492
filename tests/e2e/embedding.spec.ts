// Embedding: the sample parent page on localhost frames the friday tenant (its allowed parent).
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../support/e2e-env";

const parentPage = `http://localhost:${E2E_PORT}/einbettung.html`;

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the framed portal has no chrome and keeps the widget parameter on every page it goes to", async ({ page }) => {
    await page.goto(parentPage);
    const portal = page.frameLocator("#portal");
    await expect(portal.getByRole("heading", { level: 1 })).toContainText("FRIDAY");
    await expect(portal.getByRole("banner")).toHaveCount(0);
    await expect(portal.getByRole("contentinfo")).toHaveCount(0);
    await portal.getByRole("link", { name: "Jetzt empfehlen" }).click();
    await expect(portal.getByRole("heading", { name: "Was möchten Sie empfehlen?" })).toBeVisible();
    const framed = page.frames().find((frame) => frame.url().includes("friday.localhost"))!;
    expect(new URL(framed.url()).pathname).toBe("/empfehlen");
    expect(new URL(framed.url()).searchParams.get("widget")).toBe("1");
  });

  test("only the tenant's allowed parent may frame it", async ({ request }) => {
    const friday = await request.get(`http://127.0.0.1:${E2E_PORT}/`, { headers: { Host: "friday.localhost" } });
    expect(friday.headers()["content-security-policy"]).toContain(`frame-ancestors http://localhost:${E2E_PORT}`);
    const telekom = await request.get(`http://127.0.0.1:${E2E_PORT}/`, { headers: { Host: "telekom.localhost" } });
    expect(telekom.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

test.describe("with JavaScript on", () => {
  test("the framed portal tells its parent where it is and how tall it is, after every navigation", async ({ page }) => {
    await page.goto(parentPage);
    await expect(page.locator("#portal-path")).toHaveText("/?widget=1");
    await expect(page.locator("#portal-height")).toHaveText(/^\d+$/);
    const height = Number(await page.locator("#portal-height").textContent());
    expect(height).toBeLessThan(5_000);
    const portal = page.frameLocator("#portal");
    await portal.getByRole("link", { name: "Jetzt empfehlen" }).click();
    await expect(page.locator("#portal-path")).toHaveText("/empfehlen?widget=1");
    await expect(portal.getByRole("banner")).toHaveCount(0);
  });
});
