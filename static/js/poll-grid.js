// Refresh the results grid every few seconds while the page is open and visible. The grid is
// replaced only when it changed (so a screen reader announces changes, not every poll), and
// a keyboard user's focus inside it stays on the same link (or the same place) after.
(function () {
  "use strict";
  const grid = document.getElementById("grid");
  if (!grid) return;
  function focusables() {
    return Array.from(grid.querySelectorAll("a[href], button, input, select, textarea"));
  }
  function swap(html) {
    const active = document.activeElement;
    const inside = active && grid.contains(active) && active !== grid;
    const href = inside ? active.getAttribute("href") : null;
    const index = inside ? focusables().indexOf(active) : -1;
    grid.innerHTML = html;
    if (!inside) return;
    const now = focusables();
    const same = href !== null ? now.find((el) => el.getAttribute("href") === href) : null;
    const target = same || now[Math.min(index, now.length - 1)];
    if (target) target.focus({ preventScroll: true });
  }
  function refresh() {
    if (document.hidden) return setTimeout(refresh, 5000);
    fetch(grid.dataset.poll, { headers: { Accept: "text/html" } })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        // Compare as the browser writes HTML out, on both sides.
        const fresh = document.createElement("template");
        fresh.innerHTML = html;
        if (fresh.innerHTML.trim() !== grid.innerHTML.trim()) swap(html);
        grid.dataset.refreshed = String(Number(grid.dataset.refreshed || 0) + 1);
      })
      .catch(() => {})
      .finally(() => setTimeout(refresh, 4000));
  }
  setTimeout(refresh, 4000);
})();
