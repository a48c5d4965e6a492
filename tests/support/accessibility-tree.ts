// What Chromium's accessibility tree (the one a screen reader reads) says of a page's form controls.
import type { Page } from "@playwright/test";

type AxNode = { role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[] };

/** The controls Chromium exposes as invalid, by role and name: none should be before anyone has typed or chosen. */
export async function invalidControls(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AxNode[] };
    return nodes
      .filter((node) => node.properties?.some((property) => property.name === "invalid" && property.value.value !== "false"))
      .map((node) => `${node.role?.value}: ${node.name?.value}`);
  } finally {
    await cdp.detach();
  }
}

/** The names Chromium's accessibility tree gives the controls of a role, as a screen reader reads them. */
export async function accessibleNames(page: Page, role: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AxNode[] };
    return nodes.filter((node) => node.role?.value === role).map((node) => node.name?.value ?? "");
  } finally {
    await cdp.detach();
  }
}
