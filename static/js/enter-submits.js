// Enter on a drop-down of a form marked data-enter-submits sends the form, as Enter in its
// text boxes does (a keyboard user filters without tabbing to the form's button).
document.querySelectorAll("form[data-enter-submits]").forEach((form) => {
  form.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.tagName === "SELECT") {
      event.preventDefault();
      form.requestSubmit();
    }
  });
});
