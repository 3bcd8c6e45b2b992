import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { FIELD_CLASS } from '../ui/field-class';
import { useT } from '../../i18n/i18n';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field: a hint, or live feedback. */
  hint?: ReactNode;
  optional?: boolean;
}

const INPUT = FIELD_CLASS;

export function TextField({ label, hint, optional, className = '', ...props }: TextFieldProps) {
  const id = useId();
  const t = useT();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">{t('field.optional')}</span>}
      </label>
      <input
        id={id}
        className={INPUT}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...props}
      />
      {hint && (
        <div id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      )}
    </div>
  );
}

/** A password input with a Show/Hide toggle that keeps focus in the field's row. */
export function PasswordField({ label, hint, className = '', ...props }: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const t = useT();
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
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-1 right-1 rounded-md px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-label={t(visible ? 'field.hidePassword' : 'field.showPassword', {
            label: label.toLowerCase(),
          })}
          aria-pressed={visible}
        >
          {t(visible ? 'field.hide' : 'field.show')}
        </button>
      </div>
      {hint && (
        <div id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      )}
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
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">{t('field.optional')}</span>}
      </label>
      <select id={id} className={INPUT} {...props}>
        {children}
      </select>
    </div>
  );
}
