// Moot's service worker: shows Web Push notifications (payload from
// server/services/notification/templates.ts: title, body, url, tag) and opens the
// notification's page on click, reusing an open Moot tab when there is one.
self.addEventListener("push", (event) => {
  let data = { title: "Moot", body: "You have a new notification.", url: "/inbox", tag: undefined };
  try {
    if (event.data) data = { ...data, ...event.data.json() };
  } catch {
    if (event.data) data.body = event.data.text();
  }
  event.waitUntil(self.registration.showNotification(data.title, { body: data.body, tag: data.tag, data: { url: data.url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/inbox", self.location.origin);
  // Only ever open pages of this site.
  const target = url.origin === self.location.origin ? url.href : new URL("/inbox", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((t) => new URL(t.url).origin === self.location.origin);
      if (tab) return tab.navigate(target).then((t) => (t ?? tab).focus());
      return self.clients.openWindow(target);
    }),
  );
});
