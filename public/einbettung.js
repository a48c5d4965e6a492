// The sample parent page's script. A portal page opened in a tab of its own comes back here with
// its route in the hash: the frame opens that route, and the hash leaves the
// address bar (it may hold a mailed link's token). Only messages from the portal's origin count.
let frame = document.getElementById("portal");
const route = decodeURIComponent(location.hash.slice(1));
if (route.startsWith("/") && !route.startsWith("//")) {
  history.replaceState(null, "", `${location.pathname}${location.search}`);
  // A new frame rather than a new src: the first page's load could still finish after the change.
  const routed = frame.cloneNode();
  routed.src = new URL(route, frame.dataset.origin).href;
  frame.replaceWith(routed);
  frame = routed;
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
