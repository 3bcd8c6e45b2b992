import { Dialog } from 'radix-ui';
import { useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Room for a time picker's days and times side by side. */
  wide?: boolean;
  /**
   * Open with focus on the dialog itself rather than its first field: for a form that opens filled
   * in, where Radix would select the first field's text (one keystroke replaces it) and a phone would
   * raise its keyboard over the form. Tab still reaches the first field first.
   */
  focusDialogOnOpen?: boolean;
  children: ReactNode;
}

type ReturnTarget = () => HTMLElement | null;
/** Where each open dialog sends focus back to, so a dialog opened from it can fall back on it. */
const returnTargets = new WeakMap<Element, ReturnTarget>();
/** The open dialogs' return targets, the latest last. */
const openDialogs: ReturnTarget[] = [];

/** An element that can take focus now: still on the page and not disabled. */
const usable = (element: HTMLElement | null | undefined) =>
  element?.isConnected && !element.matches(':disabled') ? element : null;

/**
 * Focus for the app's dialogs, spread on a Radix `Dialog.Content` or `AlertDialog.Content`:
 * - Radix returns focus to a Dialog.Trigger when a dialog closes; these dialogs are opened by state
 *   (a calendar cell, a pill, a list's button, a menu item), so the element focused when the dialog
 *   opened is remembered and focused again when it closes (or unmounts). When it has gone meanwhile
 *   (a booked slot's button, a canceled session's pill), its grid cell takes focus instead; when it
 *   was in a dialog that has closed since (Add Event, then Complete Your Booking, then Booking
 *   Confirmed), focus goes where that dialog would have sent it: back to the calendar. A dialog that
 *   opens while focus is nowhere (the step before it just closed) takes over the latest open
 *   dialog's return target in the same way.
 * - A control that disables itself while it works (Sign In, Resend OTP) drops focus to the page's
 *   body: the dialog takes it back, so the keyboard and a screen reader stay in the dialog.
 */
export function useDialogFocus() {
  const returnTarget = useRef<ReturnTarget | null>(null);
  // The late moves of focus below, dropped if whatever holds the dialog goes away first.
  const lateFocus = useRef<number | undefined>(undefined);
  const refocus = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(lateFocus.current);
      if (refocus.current !== undefined) window.cancelAnimationFrame(refocus.current);
    },
    [],
  );
  return {
    onOpenAutoFocus: (event: Event) => {
      // Still the element that opened the dialog: focus moves in right after this.
      const active = document.activeElement;
      const opener = active instanceof HTMLElement && active !== document.body ? active : null;
      const cell = opener?.closest<HTMLElement>('[role="gridcell"]');
      const outer = opener?.closest('[role="dialog"], [role="alertdialog"]');
      const outerTarget = outer
        ? returnTargets.get(outer)
        : opener
          ? undefined
          : openDialogs.at(-1);
      const resolve = () => usable(opener) ?? usable(cell) ?? outerTarget?.() ?? null;
      returnTarget.current = resolve;
      openDialogs.push(resolve);
      if (event.currentTarget instanceof Element) returnTargets.set(event.currentTarget, resolve);
    },
    onCloseAutoFocus: (event: Event) => {
      const index = returnTarget.current ? openDialogs.indexOf(returnTarget.current) : -1;
      if (index >= 0) openDialogs.splice(index, 1);
      const resolve = returnTarget.current;
      if (!resolve) return;
      event.preventDefault();
      const target = resolve();
      if (target) {
        target.focus();
        return;
      }
      // The opener may be disabled while what it started finishes (Open test checkout, Pay): it is
      // enabled again a moment later, when the app has taken in the dialog's answer.
      // It can fire after the dialog's holder unmounted (Radix reports the close after this hook's
      // cleanup ran), so it checks that there is still a page to focus in.
      lateFocus.current = window.setTimeout(() => {
        if (typeof document === 'undefined') return;
        if (document.activeElement === document.body) resolve()?.focus();
      }, 50);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.relatedTarget !== null) return;
      const dialog = event.currentTarget;
      refocus.current = window.requestAnimationFrame(() => {
        if (document.activeElement === document.body && dialog.isConnected) {
          dialog.focus({ preventScroll: true });
        }
      });
    },
  };
}

/**
 * A Radix dialog with the house look: focus trapped, Escape and the close button dismiss it, and focus
 * goes back where it was on close (useDialogFocus).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  wide,
  focusDialogOnOpen,
  children,
}: ModalProps) {
  const dialogFocus = useDialogFocus();
  const onOpenAutoFocus = (event: Event) => {
    dialogFocus.onOpenAutoFocus(event);
    if (!focusDialogOnOpen || !(event.currentTarget instanceof HTMLElement)) return;
    event.preventDefault();
    event.currentTarget.focus({ preventScroll: true });
  };
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${wide ? 'max-w-3xl' : 'max-w-md'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none sm:p-8`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...dialogFocus}
          onOpenAutoFocus={onOpenAutoFocus}
        >
          {/* The close button comes last in the tab order (it sits top right): opening a dialog
              focuses its first field or action rather than Close (or, with focusDialogOnOpen, the
              dialog itself, from which Tab goes to that field first). */}
          <div className="mb-5 pr-10">
            <Dialog.Title className="text-xl font-semibold text-slate-900">{title}</Dialog.Title>
          </div>
          {description && (
            <Dialog.Description className="-mt-3 mb-5 text-sm text-slate-600">
              {description}
            </Dialog.Description>
          )}
          {children}
          <Dialog.Close
            className="absolute top-5 right-4 grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700 sm:top-7 sm:right-6"
            aria-label={t('modal.close')}
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
