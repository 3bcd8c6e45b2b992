import { useEffect, useEffectEvent, useState, type ChangeEvent, type RefObject } from 'react';
import type { ZodType } from 'zod';
import { useT, type Translate } from '../../i18n/i18n';
import {
  problemText,
  serverProblemText,
  type Issue,
  type ProblemsOf,
} from '../../i18n/shared-words';
import { ApiError } from '../../lib/api-client';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { describedBy } from './field';

/** Where a problem with a part of the body (its path) is shown, and that part's problems. */
export type ProblemsAt<Key extends string> = (path: ReadonlyArray<PropertyKey>) => {
  at: Key;
  problems: ProblemsOf;
};

/** The part of a server's answer a form reads: its objections, each by the body's path. */
const serverPath = (path: string) =>
  path
    .replace(/^body\.?/, '')
    .split('.')
    .filter(Boolean);

/** The problems shown: each by where it is shown, and the whole form's. */
export type Shown<Key extends string> = Partial<Record<Key | 'form', string>>;

interface SchemaFormOptions<Values, Body, Key extends string> {
  initial: Values;
  /** The <form>: a refusal takes the focus to its first field with a problem. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The shared schema the server validates the body with: the form checks it first. */
  schema: ZodType<Body>;
  /** Where each of the schema's (and the server's) problems shows, worded from the catalogue. */
  problemsAt: ProblemsAt<Key>;
  /** The control ids' prefix ("profile-" makes "profile-bio"). */
  idPrefix?: string;
  /** Called when a refusal leaves no field to focus (the problem is about the whole form). */
  onNothingToFocus?: () => void;
  /** Called on every change of a value (a "Saved" notice then goes). */
  onEdit?: () => void;
}

/**
 * A form's values and the problems shown by its fields, checked with a shared zod schema and worded
 * from the web catalogue by the name of each check that failed (`checkOf`), as the server's answers
 * name them too. Checks run at once, in the submit handler: the problems are drawn in the same render
 * that refuses, and then the first field with one takes the focus, so it is read with its message.
 *
 * A field's problem goes as soon as that field changes, as does a problem with the whole form.
 */
export function useSchemaForm<Values extends object, Body, Key extends string = string>(
  options: SchemaFormOptions<Values, Body, Key>,
) {
  const t = useT();
  const [values, setValues] = useState<Values>(options.initial);
  const [problems, setProblems] = useState<Shown<Key>>({});
  // Each refusal takes the person to its first problem, once the messages are drawn (below).
  const [refusals, setRefusals] = useState(0);
  const idPrefix = options.idPrefix ?? '';
  const { formRef } = options;
  const nothingToFocus = useEffectEvent(() => options.onNothingToFocus?.());

  useEffect(() => {
    if (refusals > 0 && !focusFirstProblem(formRef.current)) nothingToFocus();
  }, [refusals, formRef]);

  /** Clears the problems of these keys (and the whole form's). */
  function clear(...keys: Array<Key | 'form'>) {
    const gone = [...keys, 'form'];
    if (gone.some((key) => problems[key as Key])) {
      setProblems(
        (current) =>
          Object.fromEntries(
            Object.entries(current).filter(([key]) => !gone.includes(key)),
          ) as Shown<Key>,
      );
    }
  }

  /** One value changed: its problem goes (or the problems `shownAt`, where its are shown). */
  function set<K extends keyof Values>(name: K, value: Values[K], ...shownAt: Key[]) {
    setValues((current) => ({ ...current, [name]: value }));
    clear(...(shownAt.length > 0 ? shownAt : [name as unknown as Key]));
    options.onEdit?.();
  }

  /** Shows these problems (none: clears them all), taking the focus to the first. */
  function show(found: Shown<Key>) {
    setProblems(found);
    if (Object.keys(found).length > 0) setRefusals((count) => count + 1);
  }

  /**
   * The schema's problems with `input`, by where each is shown: the first of each place, which is
   * the root of it ("required" before "must start with https://").
   */
  function problemsOf(input: unknown): { data: Body } | { found: Shown<Key> } {
    const parsed = options.schema.safeParse(input);
    if (parsed.success) return { data: parsed.data };
    const found: Shown<Key> = {};
    for (const issue of parsed.error.issues) {
      const [at, text] = wordProblem(t, options.problemsAt, issue);
      found[at] ??= text;
    }
    return { found };
  }

  /**
   * Checks `input` with the schema, and the form's own checks (`own`, already worded) with it:
   * the body to send, or null when something is refused (then shown, and the first focused).
   */
  function check(input: unknown, own: Shown<Key> = {}): Body | null {
    const result = problemsOf(input);
    const found: Shown<Key> = { ...('found' in result ? result.found : {}), ...own };
    show(found);
    return Object.keys(found).length === 0 && 'data' in result ? result.data : null;
  }

  /** A refused request's objections, each by its field (the whole form's otherwise). */
  function showServerProblems(error: Error) {
    const { problemsAt } = options;
    const found: Array<[Key, string]> =
      error instanceof ApiError && error.details?.length
        ? error.details.map((detail) => wordServerProblem(t, problemsAt, detail.path, detail))
        : error instanceof ApiError && error.field
          ? [wordServerProblem(t, problemsAt, error.field)]
          : [];
    show((found.length > 0 ? Object.fromEntries(found) : { form: error.message }) as Shown<Key>);
  }

  /** A text control's props: its id, value, change, and what marks and describes it. */
  function bind<K extends keyof Values & Key>(
    name: K,
    more: { hint?: boolean; describedBy?: string[]; invalid?: boolean } = {},
  ) {
    const id = `${idPrefix}${name}`;
    const problem = problems[name];
    return {
      id,
      value: values[name] as string,
      'aria-invalid': problem || more.invalid ? true : undefined,
      'aria-describedby': describedBy(id, {
        problem,
        hint: more.hint,
        more: more.describedBy,
      }),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(name, event.target.value as Values[K]),
    };
  }

  return {
    values,
    setValues,
    problems,
    set,
    clear,
    show,
    check,
    showServerProblems,
    bind,
    idOf: (name: Key) => `${idPrefix}${name}`,
  };
}

/** A schema's objection (a zod issue) in the page's language, and where it is shown. */
export function wordProblem<Key extends string>(
  t: Translate,
  problemsAt: ProblemsAt<Key>,
  issue: Issue & { path: ReadonlyArray<PropertyKey> },
): [Key, string] {
  const { at, problems } = problemsAt(issue.path);
  return [at, problemText(t, problems(t), issue)];
}

/** The server's objection to a part of the body (its `details` path, "body.policy.horizonWeeks"). */
export function wordServerProblem<Key extends string>(
  t: Translate,
  problemsAt: ProblemsAt<Key>,
  path: string,
  detail?: Parameters<typeof serverProblemText>[2],
): [Key, string] {
  const { at, problems } = problemsAt(serverPath(path));
  return [at, serverProblemText(t, problems, detail)];
}
