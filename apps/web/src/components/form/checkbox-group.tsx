import { describedBy, FieldProblem, LABEL_CLASS } from './field';

interface CheckboxGroupProps {
  /** The group's id: its problem's id is made from it. */
  id: string;
  legend: string;
  options: readonly string[];
  /** Each option's words in the page's language (the value sent stays the option). */
  label: (option: string) => string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  problem?: string | null | undefined;
  /** The grid's columns, as Tailwind classes. */
  columns?: string;
}

/** Several of a list, as checkboxes: what is checked, in the order it was checked. */
export function CheckboxGroup({
  id,
  legend,
  options,
  label,
  value,
  onChange,
  problem,
  columns = 'grid-cols-2 sm:grid-cols-4',
}: CheckboxGroupProps) {
  return (
    <fieldset
      id={id}
      className="flex flex-col gap-2"
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy(id, { problem })}
    >
      <legend className={LABEL_CLASS}>{legend}</legend>
      <div className={`grid gap-x-3 gap-y-1 ${columns}`}>
        {options.map((option) => {
          const checked = value.includes(option);
          return (
            <label
              key={option}
              className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={checked}
                onChange={() =>
                  onChange(checked ? value.filter((one) => one !== option) : [...value, option])
                }
              />
              {label(option)}
            </label>
          );
        })}
      </div>
      <FieldProblem id={id} problem={problem} />
    </fieldset>
  );
}
