// The sample parent page's script, the snippet a tenant copies. A portal page opened in a tab of its
// own comes back here with its route in the hash: the frame opens that route, and the hash leaves the
// address bar (it may hold a mailed link's token). The route is judged as the browser reads it, after
// it has turned backslashes into slashes and dropped tabs and line breaks: only an address on the
// portal's own origin is opened, any other is ignored. Only messages from the portal's origin count.
let frame = document.getElementById("portal");
const hash = location.hash.slice(1);
if (hash) {
  history.replaceState(null, "", `${location.pathname}${location.search}`);
  const route = portalRoute(hash, frame.dataset.origin);
  if (route) {
    // A new frame rather than a new src: the first page's load could still finish after the change.
    const routed = frame.cloneNode();
    routed.src = route;
    frame.replaceWith(routed);
    frame = routed;
  }
}

/** The portal's address for a route from the hash, or null where the route would lead anywhere else. */
function portalRoute(hash, origin) {
  let route;
  try {
    route = decodeURIComponent(hash);
  } catch {
    return null;
  }
  if (!route.startsWith("/")) return null;
  const target = new URL(route, origin);
  return target.origin === origin ? target.href : null;
}
window.addEventListener("message", (event) => {
  if (event.origin !== frame.dataset.origin || typeof event.data !== "object" || event.data === null) return;
  if (event.data.type === "portal:navigated") document.getElementById("portal-path").textContent = event.data.path;
  if (event.data.type === "portal:scroll") {
    frame.scrollIntoView({ block: "start" });
    const scrolls = document.getElementById("portal-scrolls");
    scrolls.textContent = String(Number(scrolls.textContent) + 1);
  }
  if (event.data.type === "portal:height") {
    document.getElementById("portal-height").textContent = String(event.data.height);
    frame.style.height = `${event.data.height}px`;
  }
});
