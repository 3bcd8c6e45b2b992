/**
 * Takes the keyboard, and a screen reader, to the first field of `form` marked `aria-invalid`, scrolled
 * to the middle of the view (on a phone a message above or below the submit button is otherwise out
 * of sight). Call it once the messages are drawn (from an effect), so the field is read with the
 * message it is described by. False when no field is marked.
 */
export function focusFirstProblem(form: HTMLElement | null): boolean {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  // Optional: jsdom, where the component tests run, has no scrolling.
  field.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
}
