/** The link preview's picture: the size WhatsApp, Facebook, LinkedIn and Slack show whole (1.91 : 1). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
