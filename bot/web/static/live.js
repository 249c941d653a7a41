// Tidepool's web view: local times, the scrubber, and live updates. The page works without
// this script; it only makes the page follow the game without a reload.
"use strict";
(function () {
  const body = document.body;
  document.documentElement.classList.add("js");

  function localTimes(root) {
    root.querySelectorAll("time[datetime]").forEach(function (t) {
      const d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d)) t.textContent = d.toLocaleString(document.documentElement.lang || undefined,
        {dateStyle: "medium", timeStyle: "short"});
    });
  }

  function show(n) {
    const picture = document.getElementById("picture");
    const scrubber = document.getElementById("scrubber");
    const output = document.getElementById("position");
    if (!picture || !scrubber) return;
    const latest = parseInt(scrubber.max, 10);
    scrubber.value = String(n);
    picture.src = n >= latest ? picture.dataset.now
      : body.dataset.base + "/at/" + n + ".png?lang=" + body.dataset.lang;
    if (output) {
      output.textContent = n === 0 ? output.dataset.start
        : output.dataset.after.replace("{n}", n).replace("{total}", latest);
    }
    body.dataset.shown = String(n);
  }

  function bind(root) {
    localTimes(root);
    const scrubber = document.getElementById("scrubber");
    if (scrubber) {
      scrubber.addEventListener("input", function () { show(parseInt(scrubber.value, 10)); });
    }
    root.querySelectorAll("a[data-at]").forEach(function (a) {
      a.addEventListener("click", function (event) {
        event.preventDefault();
        show(parseInt(a.dataset.at, 10));
      });
    });
  }

  async function refresh() {
    const scrubber = document.getElementById("scrubber");
    const away = scrubber && parseInt(scrubber.value, 10) < parseInt(scrubber.max, 10);
    const shown = scrubber ? parseInt(scrubber.value, 10) : 0;
    const answer = await fetch(body.dataset.base + "?lang=" + body.dataset.lang, {cache: "no-store"});
    if (!answer.ok) return;
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
    const live = fresh.getElementById("live");
    if (!live) return;
    document.getElementById("live").replaceWith(document.adoptNode(live));
    body.dataset.version = fresh.body.dataset.version;
    body.dataset.running = fresh.body.dataset.running;
    bind(document);
    if (away) show(shown);  // someone looking back stays where they were
  }

  bind(document);
  // A finished game changes no more: only a running one listens.
  if (window.EventSource && body.dataset.events && body.dataset.running === "1") {
    const events = new EventSource(body.dataset.events);
    events.addEventListener("move", async function (event) {
      if (event.data !== body.dataset.version) await refresh();
      if (body.dataset.running !== "1") events.close();  // the game just ended
    });
    events.addEventListener("gone", function () { events.close(); });
  }
})();
