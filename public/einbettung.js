// The sample parent page's listener: only messages from the framed portal's origin count.
const frame = document.getElementById("portal");
window.addEventListener("message", (event) => {
  if (event.origin !== frame.dataset.origin || typeof event.data !== "object" || event.data === null) return;
  if (event.data.type === "portal:navigated") document.getElementById("portal-path").textContent = event.data.path;
  if (event.data.type === "portal:height") {
    document.getElementById("portal-height").textContent = String(event.data.height);
    frame.style.height = `${event.data.height}px`;
  }
});
