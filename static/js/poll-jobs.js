// Poll each running job on the set page. Once every job has finished, reload the page to
// show the new items, unless the teacher has started filling in a form here (a reload
// would throw that away): then say the items are ready and let them reload when they wish.
(function () {
  "use strict";
  const jobs = Array.from(document.querySelectorAll("[data-poll]"));
  let open = jobs.length;
  let changed = false;
  // What the forms held when the page loaded; a difference later means the teacher typed.
  function formState() {
    return JSON.stringify(
      Array.from(document.querySelectorAll("form")).map((form) =>
        Array.from(form.elements).map((el) =>
          el.type === "checkbox" || el.type === "radio"
            ? el.checked
            : el.tagName === "SELECT"
              ? Array.from(el.selectedOptions).map((o) => o.value)
              : "value" in el ? el.value : null
        )
      )
    );
  }
  const loaded = formState();
  function edited() {
    return formState() !== loaded;
  }
  function allDone() {
    if (!edited()) return window.location.reload();
    const note = document.getElementById("jobs-ready");
    note.hidden = false;
    note.querySelector("button").addEventListener("click", () => window.location.reload());
  }
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
          if (open === 0 && changed) allDone();
          return;
        }
        setTimeout(() => poll(el), 1000);
      })
      .catch(() => setTimeout(() => poll(el), 3000));
  }
  jobs.forEach((el) => poll(el));
})();
