import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

/** The ids a field's words take from its control's id: what `describedBy` points the control at. */
export const problemId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/**
 * What a control is described by: its problem when it has one, else its hint, then anything more
 * (a character count). Undefined when there is nothing, so no empty attribute is written.
 */
export function describedBy(
  id: string,
  { problem, hint, more = [] }: { problem?: string | null; hint?: boolean; more?: string[] },
): string | undefined {
  const ids = [problem ? problemId(id) : hint ? hintId(id) : '', ...more].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The problem under a field, in the page's language; nothing when there is none. */
export function FieldProblem({ id, problem }: { id: string; problem?: string | null | undefined }) {
  return problem ? (
    <p id={problemId(id)} className="text-sm text-red-700">
      {problem}
    </p>
  ) : null;
}

/** A field's hint: shown while the field has no problem, which then says what to do instead. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={hintId(id)} className="text-xs text-slate-600">
      {children}
    </p>
  );
}

export const LABEL_CLASS = 'text-sm font-medium text-slate-800';

interface FieldProps {
  /** The control's id: the label names it, and the hint's and problem's ids are made from it. */
  id: string;
  label: ReactNode;
  /** The form refuses it empty: a mark for the eye (the control says `aria-required` itself). */
  required?: boolean;
  /** Said with the label, "(optional)". */
  optional?: boolean;
  hint?: ReactNode;
  problem?: string | null | undefined;
  /** Beside the label, on its right: a character count. */
  aside?: ReactNode;
  /** Under the control, before its hint and problem. */
  below?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * One field: its label (with the required mark or "optional"), the control, then its hint or the
 * problem with it. The control describes itself with `describedBy(id, ...)`.
 */
export function Field({
  id,
  label,
  required = false,
  optional = false,
  hint,
  problem,
  aside,
  below,
  className = '',
  children,
}: FieldProps) {
  const t = useT();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        {/* The mark is outside the <label>, so the field's name stays the label's words alone. */}
        <p className={LABEL_CLASS}>
          <label htmlFor={id}>
            {label}
            {optional && <span className="font-normal text-slate-500"> {t('field.optional')}</span>}
          </label>
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {' *'}
            </span>
          )}
        </p>
        {aside}
      </div>
      {children}
      {below}
      {hint && !problem && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldProblem id={id} problem={problem} />
    </div>
  );
}
