/**
 * Inside a frame the portal runs as plain HTML (the app's scripts need storage a browser may deny a
 * third-party frame), and this small script tells the parent page, and only the tenant's allowed
 * parent origins, where the portal is and how tall it is: on every page load, which inside
 * the frame is every navigation, and whenever the height changes.
 */
export function ParentMessages({ parentOrigins, nonce }: { parentOrigins: string[]; nonce?: string }) {
  const origins = JSON.stringify(parentOrigins).replace(/</g, "\\u003c");
  const script = `(() => {
  const origins = ${origins};
  const post = (message) => { if (window.parent !== window) for (const origin of origins) window.parent.postMessage(message, origin); };
  post({ type: "portal:navigated", path: location.pathname + location.search });
  new ResizeObserver(() => post({ type: "portal:height", height: document.documentElement.scrollHeight })).observe(document.body);
})();`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
