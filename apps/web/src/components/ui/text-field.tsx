import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field: a hint, or live feedback. */
  hint?: ReactNode;
  /**
   * What is wrong with the value, shown under the field in red; the input is then marked invalid
   * (aria-invalid) and described by the message, so a screen reader reads it with the field.
   */
  error?: string | null | undefined;
  /** Other elements that describe the field (e.g. a live hint list below it), by id. */
  describedBy?: string | undefined;
  optional?: boolean;
}

const INPUT =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-100 sm:text-sm';

/** The error (first: it is what needs doing), the hint and any other describing elements. */
function describedByOf(
  id: string,
  error: string | null | undefined,
  hint: ReactNode,
  more?: string,
) {
  const ids = [error && `${id}-error`, hint && `${id}-hint`, more].filter(Boolean).join(' ');
  return ids || undefined;
}

function FieldMessages({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | null;
  hint: ReactNode;
}) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="mt-1 flex gap-1 text-sm font-medium text-red-700">
          <span aria-hidden="true">✗</span>
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <div id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      )}
    </>
  );
}

export function TextField({
  label,
  hint,
  error,
  describedBy,
  optional,
  className = '',
  ...props
}: TextFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
      </label>
      <input
        id={id}
        className={INPUT}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error, hint, describedBy)}
        {...props}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a Show/Hide toggle that keeps focus in the field's row. */
export function PasswordField({
  label,
  hint,
  error,
  describedBy,
  className = '',
  ...props
}: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${INPUT} pr-16`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, error, hint, describedBy)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-1 right-1 rounded-md px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  optional,
  children,
  ...props
}: Omit<InputHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
      </label>
      <select id={id} className={INPUT} {...props}>
        {children}
      </select>
    </div>
  );
}

/** A message block: role=alert for errors so screen readers announce them. */
export function Notice({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const colours = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm ${colours}`}
    >
      {children}
    </div>
  );
}
