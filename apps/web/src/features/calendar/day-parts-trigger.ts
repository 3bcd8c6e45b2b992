/** The look of a day's 'Parts ▾' button, shared by the menu and its stand-in while it loads. */
export const DAY_PARTS_TRIGGER =
  'rounded-md border border-slate-300 px-1.5 py-1 text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50';
