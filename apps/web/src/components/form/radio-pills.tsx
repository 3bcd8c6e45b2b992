import type { ReactNode } from 'react';
import { LABEL_CLASS } from './field';

interface RadioPillsProps<T extends string | number> {
  legend: string;
  /** The radios' group name: one per form. */
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** An option's words (and anything drawn with them, such as a colour swatch). */
  label: (option: T) => ReactNode;
  disabled?: boolean | undefined;
  /** Each pill's own classes, chosen or not. */
  pillClass: (chosen: boolean) => string;
  /** The row of pills' classes. */
  className?: string;
}

/**
 * One of a few options, as a row of pills: radios the keyboard moves between, drawn as the label
 * around them, with the focus ring on the pill.
 */
export function RadioPills<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
  disabled,
  pillClass,
  className = 'flex gap-2',
}: RadioPillsProps<T>) {
  return (
    <fieldset disabled={disabled}>
      <legend className={`mb-1 ${LABEL_CLASS}`}>{legend}</legend>
      <div className={className}>
        {options.map((option) => (
          <label
            key={option}
            className={`flex cursor-pointer items-center rounded-lg border text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-700 ${pillClass(option === value)}`}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={option === value}
              onChange={() => onChange(option)}
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
