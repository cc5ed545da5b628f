// Poll each running job on the set page; reload the page once every job has finished.
(function () {
  "use strict";
  const jobs = Array.from(document.querySelectorAll("[data-poll]"));
  let open = jobs.length;
  let changed = false;
  function poll(el) {
    fetch(el.dataset.poll, { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((data) => {
        const bar = el.querySelector("progress");
        const text = el.querySelector(".job-text");
        if (data.count !== undefined) {
          bar.value = data.percent;
          text.textContent = data.done + " / " + data.count + (data.message ? " — " + data.message : "");
        } else if (data.message) {
          text.textContent = data.message;
        }
        if (data.finished) {
          bar.value = 100;
          el.dataset.finished = data.status;
          changed = changed || data.status === "done";
          open -= 1;
          if (open === 0 && changed) window.location.reload();
          return;
        }
        setTimeout(() => poll(el), 1000);
      })
      .catch(() => setTimeout(() => poll(el), 3000));
  }
  jobs.forEach((el) => poll(el));
})();
