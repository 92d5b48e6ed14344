/* Scorekeeper's service worker (scorekeeper/pwa.py serves it at /sw.js, scope "/").
 * Network first: a page or file fetched online is stored, so the phone always shows the
 * newest; with no network the stored copy answers. Writes (POST, PUT, DELETE) are never
 * touched: the hand form keeps an unsent hand in its outbox and sends it when the network
 * returns. The API and the admin are not stored. */
const CACHE = "sk-{{ version }}";
const PRECACHE = {{ precache|safe }};
const SKIP = ["/api/", "/admin/", "/i18n/", "/sw.js"];

const keep = async (request, response) => {
  if (!response || response.status !== 200 || response.type !== "basic") return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One file missing must not stop the others from being kept.
    await Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => null)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("sk-") && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

const stored = (request) => caches.match(request, { ignoreVary: true, ignoreSearch: false });

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (SKIP.some((prefix) => url.pathname.startsWith(prefix))) return;
  event.respondWith((async () => {
    try {
      const response = await fetch(request);
      event.waitUntil(keep(request, response.clone()));
      return response;
    } catch (error) {
      const copy = await stored(request);
      if (copy) return copy;
      if (request.mode === "navigate") {
        const home = await stored(new Request("/"));
        if (home) return home;
      }
      return Response.error();
    }
  })());
});

/* A page opened before this worker took control was not stored on its way in: it asks
 * for itself to be kept, and is told when it is. */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(data.urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      if (url.origin !== self.location.origin || SKIP.some((p) => url.pathname.startsWith(p))) return;
      const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
      if (response && response.status === 200) await cache.put(url, response);
    }));
    if (event.source) event.source.postMessage({ type: "kept", urls: data.urls });
  })());
});
