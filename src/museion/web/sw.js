// The service worker (served as /sw.js, so its scope is the whole site): it shows the notices the server pushes
// (Web Push, docs/accounts.md) and opens their page when one is tapped. It caches nothing: the site needs the
// server anyway.
self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (_error) {
    notice = { title: "museion", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(notice.title || "museion", {
    body: notice.body || "", tag: notice.tag || "museion", data: { url: notice.url || "/" },
    icon: "/static/icon-192.png", badge: "/static/icon-192.png",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => w.url === url.href);
    return open ? open.focus() : self.clients.openWindow(url.href);
  }));
});

self.addEventListener("pushsubscriptionchange", (event) => {
  // the push service renewed the subscription: the account page sends the new one on its next visit
  event.waitUntil(Promise.resolve());
});
