// The card picker of a discard quiz (templates/train/quiz.html): the answer button stays
// disabled until exactly the needed number of cards is ticked, and a live count says how many
// are. Progressive enhancement only: without this script the form posts as it is and the
// server judges the picked cards (trainer/picker.py).
"use strict";
document.querySelectorAll("form[data-pick]").forEach((form) => {
  const need = Number(form.dataset.pick);
  const boxes = Array.from(form.querySelectorAll('input[type="checkbox"][name="card"]'));
  const submit = form.querySelector(".pick-submit");
  const status = form.querySelector("[data-pick-status]");
  const count = form.querySelector("[data-pick-count]");
  const update = () => {
    const ticked = boxes.filter((box) => box.checked).length;
    submit.disabled = ticked !== need;
    count.textContent = String(ticked);
  };
  boxes.forEach((box) => box.addEventListener("change", update));
  status.hidden = false;
  update();
});
