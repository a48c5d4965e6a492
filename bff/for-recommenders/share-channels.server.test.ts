import { describe, expect, it } from "vitest";
import { seedTenants } from "../../simulators/legacy/seed";
import { shareActions } from "./share-channels.server";

const message = { subject: "Meine Empfehlung", text: (url: string) => `Schau mal: ${url}` };
const link = "https://portal.example/e/TK-200001";

describe("share actions", () => {
  it("lists the enabled channels in their sort position and hides -1", () => {
    const config = { ...seedTenants().standard.config, ModuleEmail: 3, ModuleWhatsApp: 1, ModuleSms: 2, ModuleGmail: -1 };
    const channels = shareActions(config, link, message, "/story.png").map((action) => action.channel);
    expect(channels.slice(0, 3)).toEqual(["WhatsApp", "Sms", "Email"]);
    expect(channels).not.toContain("Gmail");
    expect(channels).not.toContain("Facebook");
  });

  it("puts the channel into the shared link and escapes it into each target", () => {
    const actions = shareActions(seedTenants().telekom.config, link, message, "/story.png");
    const byChannel = Object.fromEntries(actions.map((action) => [action.channel, action.href]));
    expect(byChannel.WhatsApp).toBe(`https://wa.me/?text=${encodeURIComponent(`Schau mal: ${link}?channel=whatsapp`)}`);
    expect(byChannel.Email).toMatch(/^mailto:\?subject=Meine%20Empfehlung&body=.*channel%3Dmail/);
    expect(byChannel.Facebook).toContain("app_id=1234567890");
    expect(byChannel.Story).toBe("/story.png");
  });
});
