/**
 * The practice policy's settings, each written once: its kind, limits, choices, default and the
 * English of its schema's messages. The schema (policy.ts), the zod-free check and the defaults
 * (policy-rules.ts) and the profile's form (the web's features/profile/policy-fields.tsx) are all
 * made from this table, so a new setting is one entry here (and its words in each catalogue).
 *
 * Zod-free: the patient's first load reads stored policies with it (decision 0017).
 */

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * A length of time in whole minutes from 0 to `max`, said as a notice ("12 h", "2 days");
 * `nullable`: null is a setting of its own. `offered`: the presets the form lists.
 */
export interface MinutesField {
  kind: 'minutes';
  max: number;
  nullable?: boolean;
  default: number | null;
  offered: readonly number[];
  /** How its messages name it ("the minimum notice"). */
  what: string;
}

/** A whole number from `min` to `max`; the form offers each. */
export interface CountField {
  kind: 'count';
  min: number;
  max: number;
  default: number;
  /** The schema's messages, by the check that failed. */
  messages: { type: string; whole: string; tooSmall: string; tooBig: string };
}

/** One of a few numbers, and only those. */
export interface OneOfField {
  kind: 'oneOf';
  choices: readonly number[];
  default: number;
  message: string;
}

export type PolicyField = MinutesField | CountField | OneOfField;

export const POLICY_FIELDS = {
  /** A patient books at least this long before the start (0: any future time). */
  minNoticeMinutes: {
    kind: 'minutes',
    max: 7 * DAY,
    default: 0,
    offered: [0, HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY],
    what: 'the minimum notice',
  },
  /** A patient books at most this many weeks ahead. */
  horizonWeeks: {
    kind: 'count',
    min: 1,
    max: 52,
    // The product allowed 52 before practices had policies.
    default: 8,
    messages: {
      type: 'Enter the booking horizon in weeks',
      whole: 'Enter the booking horizon in whole weeks',
      tooSmall: 'Patients must be able to book at least 1 week ahead',
      tooBig: 'Patients can book at most 52 weeks ahead',
    },
  },
  /** Free minutes kept after each session: a patient's session never starts inside them. */
  breakMinutes: {
    kind: 'oneOf',
    choices: [0, 5, 10, 15],
    default: 0,
    message: 'Choose a break of 0, 5, 10 or 15 minutes',
  },
  /** A patient may move a session until this long before its start; null: patients may not move. */
  rescheduleNoticeMinutes: {
    kind: 'minutes',
    max: 7 * DAY,
    nullable: true,
    default: DAY,
    offered: [HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY],
    what: 'the reschedule notice',
  },
  /** How many times a patient may move one session. */
  patientMovesPerSession: {
    kind: 'count',
    min: 0,
    max: 5,
    default: 2,
    messages: {
      type: 'Enter how many times a patient may move a session',
      whole: 'Enter a whole number of moves',
      tooSmall: 'The number of moves cannot be negative',
      tooBig: 'A patient may move one session at most 5 times',
    },
  },
  /** A patient's cancellation this close to the start is late (0: never late). */
  lateCancelWindowMinutes: {
    kind: 'minutes',
    max: 72 * HOUR,
    default: 0,
    offered: [0, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY],
    what: 'the late cancellation window',
  },
  /** What a late cancellation by the patient refunds, in percent of the fee paid. */
  lateCancelRefundPercent: {
    kind: 'oneOf',
    choices: [0, 50, 100],
    default: 100,
    message: 'Choose a refund of 0 %, 50 % or 100 %',
  },
} as const satisfies Record<string, PolicyField>;

export type PolicyFields = typeof POLICY_FIELDS;
export type PolicyKey = keyof PolicyFields;

/** The settings in the table's order: the order the form shows them in. */
export const POLICY_KEYS = Object.keys(POLICY_FIELDS) as PolicyKey[];

/** What a setting holds: one of its choices, or a number (or null, where that is a setting). */
export type PolicySettingValue<F> = F extends { kind: 'oneOf'; choices: readonly (infer C)[] }
  ? C
  : F extends { nullable: true }
    ? number | null
    : number;

/** A whole policy, as the table makes it; policy.ts checks its schema reads the same. */
export type PolicyValues = {
  -readonly [K in PolicyKey]: PolicySettingValue<PolicyFields[K]>;
};

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The schema's rule for one setting, without zod. */
export function isSettingValue(field: PolicyField, value: unknown): boolean {
  switch (field.kind) {
    case 'minutes':
      return (field.nullable === true && value === null) || wholeIn(value, 0, field.max);
    case 'count':
      return wholeIn(value, field.min, field.max);
    case 'oneOf':
      return field.choices.includes(value as number);
  }
}

/** What the form offers for a setting, in order (null, where it is a setting, last). */
export function offeredValues(field: PolicyField): Array<number | null> {
  switch (field.kind) {
    case 'minutes':
      return field.nullable ? [...field.offered, null] : [...field.offered];
    case 'count':
      return Array.from({ length: field.max - field.min + 1 }, (_, index) => field.min + index);
    case 'oneOf':
      return [...field.choices];
  }
}

/** A value for each setting, made by `make` in the table's order. */
export function mapPolicyFields<R>(
  make: <K extends PolicyKey>(key: K, field: PolicyFields[K]) => R,
): Record<PolicyKey, R> {
  return Object.fromEntries(
    POLICY_KEYS.map((key) => [key, make(key, POLICY_FIELDS[key])]),
  ) as Record<PolicyKey, R>;
}
