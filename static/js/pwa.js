/* The installable app: registers the service worker (/sw.js, scope "/") and asks it to keep
 * this page, so that it opens again with no network at all. When the page is kept, <html>
 * says so (data-offline-ready), which the browser tests wait for. A page that answers a
 * form (data-answer-to-post: a refusal shown where it was posted) is not kept: its address
 * only takes a POST, so fetching it again would be refused. */
const ready = () => { document.documentElement.dataset.offlineReady = "1"; };

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "kept") ready();
  });
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    const posted = "answerToPost" in document.documentElement.dataset;
    if (worker && !posted) worker.postMessage({ type: "keep", urls: [window.location.href] });
  }).catch(() => { /* no service worker: the pages work online as before */ });
}
