/**
 * Inside a frame the portal runs as plain HTML (the app's scripts need storage a browser may deny a
 * third-party frame), and this small script tells the parent page, and only the tenant's allowed
 * parent origins:
 * - where the portal is, on every page load (inside the frame every navigation is one);
 * - to scroll to the frame's top, when the page was reached from another portal page in the frame;
 * - how tall the content is, whenever that changes, smaller as well as bigger. The body's own height
 *   is measured: the document's scroll height never drops below the frame's, so a frame sized from it
 *   could never shrink.
 */
export function ParentMessages({ parentOrigins, nonce }: { parentOrigins: string[]; nonce?: string }) {
  const origins = JSON.stringify(parentOrigins).replace(/</g, "\\u003c");
  const script = `(() => {
  const origins = ${origins};
  const post = (message) => { if (window.parent !== window) for (const origin of origins) window.parent.postMessage(message, origin); };
  post({ type: "portal:navigated", path: location.pathname + location.search });
  if (document.referrer && new URL(document.referrer).origin === location.origin) post({ type: "portal:scroll" });
  let posted = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== posted) post({ type: "portal:height", height: (posted = height) });
  }).observe(document.body);
})();`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
