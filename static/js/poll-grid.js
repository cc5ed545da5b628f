// Refresh the results grid every few seconds while the page is open and visible.
(function () {
  "use strict";
  const grid = document.getElementById("grid");
  if (!grid) return;
  function refresh() {
    if (document.hidden) return setTimeout(refresh, 5000);
    fetch(grid.dataset.poll, { headers: { Accept: "text/html" } })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        grid.innerHTML = html;
        grid.dataset.refreshed = String(Number(grid.dataset.refreshed || 0) + 1);
      })
      .catch(() => {})
      .finally(() => setTimeout(refresh, 4000));
  }
  setTimeout(refresh, 4000);
})();
