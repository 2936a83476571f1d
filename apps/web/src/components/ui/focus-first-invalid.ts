// Part of the form-field kit, for every form in the app at once: after a submit, focus moves to the first
// field marked aria-invalid (Field marks its control), whether the error came from the form's own checks
// (react-hook-form validates asynchronously) or from the server's answer a moment later. It waits for the
// errors to render, moves focus once, and leaves the user alone as soon as they type or click.

/** How long after a submit a server's field errors can still take focus. */
const WAIT_MS = 10_000;
/** A submit that changes no error (the same field still wrong) renders nothing new: look after this pause. */
const QUIET_MS = 120;

export function focusFirstInvalidOnSubmit(doc: Document = document) {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const invalid = () => form.querySelector<HTMLElement>('[aria-invalid="true"]');
    let frame = 0;
    const check = () => {
      const first = invalid();
      if (!first) return;
      const active = doc.activeElement;
      if (!(active && form.contains(active) && active.getAttribute("aria-invalid") === "true")) first.focus();
      stop();
    };
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(check);
    });
    const quiet = setTimeout(check, QUIET_MS);
    const timeout = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(quiet);
      clearTimeout(timeout);
      doc.removeEventListener("keydown", stop, true);
      doc.removeEventListener("pointerdown", stop, true);
    };
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-invalid"] });
    doc.addEventListener("keydown", stop, true);
    doc.addEventListener("pointerdown", stop, true);
  };
  doc.addEventListener("submit", onSubmit, true);
  return () => doc.removeEventListener("submit", onSubmit, true);
}
