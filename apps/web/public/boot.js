// Starts the app (the build puts this script in place of the app's module script, with the module's address in
// data-app: vite.config.ts, appAfterFirstPaint). Home arrives drawn by the server: the app is fetched and started
// once the browser has painted it, so a phone spends its first bytes and time on the hero, not on the app's
// JavaScript (the server leaves the module preloads out of home). Every other page preloads the app and starts it at once.
// Until the app has taken home over, a tap on one of its buttons would do nothing (no handler yet) and a form
// sent would load a page: the last of them is held, and done again when the app says it has the page
// ("meridian:ready", home-page.tsx, once the whole page is hydrated).
// First, before any of the app's modules (whichever chunk the bundler evaluates first): zod reads this config when it
// builds its first schema, and with `jitless` it never probes `new Function`, which the page's Content-Security-Policy
// refuses and reports (see src/lib/csp.ts).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

(function () {
  var app = document.currentScript && document.currentScript.dataset.app;
  var root = document.getElementById("root");
  if (!app) return;
  var start = function () {
    import(app);
  };
  if (!root || !root.firstElementChild) return start();

  // Registered before React's own listeners on the root: until home is the app's, such a tap is boot's alone (React
  // does not see it, even on a part it has already taken over), so it is done once, when everything is ready.
  var held = null;
  var hold = function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (event.type === "submit" && target instanceof HTMLFormElement) {
      event.preventDefault();
      event.stopImmediatePropagation();
      held = function () {
        target.requestSubmit();
      };
      return;
    }
    var button = target && target.closest("button");
    if (!button || button.disabled) return;
    event.stopImmediatePropagation();
    held = function () {
      button.click();
    };
  };
  root.addEventListener("click", hold, true);
  root.addEventListener("submit", hold, true);
  document.addEventListener("meridian:ready", function () {
    root.removeEventListener("click", hold, true);
    root.removeEventListener("submit", hold, true);
    var again = held;
    held = null;
    if (again) again();
  }, { once: true });

  var started = false;
  var once = function () {
    if (started) return;
    started = true;
    clearTimeout(fallback);
    start();
  };
  if (PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf("paint") >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(once);
    }).observe({ type: "paint", buffered: true });
  }
  // A tab opened in the background paints only when shown: the app starts anyway.
  var fallback = setTimeout(once, 2000);
})();
