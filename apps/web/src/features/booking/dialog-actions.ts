/**
 * The foot of a booking dialog (Book Event, Pay): it stays in view at the bottom of the dialog while a
 * long body scrolls under it, so a long "Problems Facing" never pushes the button off a phone's screen.
 * The dialog itself is the scroller (max-height of the screen); the negative margins take the foot to
 * the dialog's edges over its padding, and the negative bottom sticks it to the dialog's very edge
 * (Chromium sticks to the scroller's content edge, inside its padding, where the body would show
 * through below the foot).
 */
export const DIALOG_ACTIONS =
  'sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 pt-3 pb-6 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8 sm:pb-8';
