/**
 * Every text field, text area and select of the app looks and focuses the same way: a slate border,
 * a brand border and outline while focused (the outline is what shows against the white page, at
 * more than 3:1), red while it holds a problem. 16 px text on phones, so iOS does not zoom in.
 */
/** The focus alone, for a field of its own size and type (a code's digit boxes, a feed's link). */
export const FIELD_FOCUS = 'focus:border-brand-700 focus:outline-1 focus:outline-brand-700';

const FIELD_LOOK = `rounded-lg border border-slate-300 bg-white py-2 text-base text-slate-900 placeholder:text-slate-400 ${FIELD_FOCUS} disabled:bg-slate-100 aria-[invalid=true]:border-red-600 sm:text-sm`;

/** A field as wide as its column. */
export const FIELD_CLASS = `w-full px-3 ${FIELD_LOOK}`;

/** A field as wide as its content: a short select among others on one line. */
export const COMPACT_FIELD_CLASS = `px-2 ${FIELD_LOOK}`;
