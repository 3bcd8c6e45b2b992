/**
 * The practice policy's settings, each written once: its kind, limits, choices and default. The
 * schema (policy.ts), the zod-free check and the defaults (policy-rules.ts) and the profile's form
 * (the web's features/profile/policy-fields.tsx) are all made from this table. A new setting is an
 * entry here; the compiler then asks for its English messages (POLICY_MESSAGES, beside the schema)
 * and its words in the web app (features/profile/policy-fields.tsx), which the catalogues hold.
 *
 * Zod-free, and without the messages: the patient's first load reads stored policies with it
 * (decision 0017), and carries no more of it than that needs.
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
}

/** A whole number from `min` to `max`; the form offers each. */
export interface CountField {
  kind: 'count';
  min: number;
  max: number;
  default: number;
}

/** One of a few numbers, and only those. */
export interface OneOfField {
  kind: 'oneOf';
  choices: readonly number[];
  default: number;
}

export type PolicyField = MinutesField | CountField | OneOfField;

export const POLICY_FIELDS = {
  /** A patient books at least this long before the start (0: any future time). */
  minNoticeMinutes: {
    kind: 'minutes',
    max: 7 * DAY,
    default: 0,
    offered: [0, HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY],
  },
  /** A patient books at most this many weeks ahead. */
  horizonWeeks: {
    kind: 'count',
    min: 1,
    max: 52,
    // The product allowed 52 before practices had policies.
    default: 8,
  },
  /** Free minutes kept after each session: a patient's session never starts inside them. */
  breakMinutes: {
    kind: 'oneOf',
    choices: [0, 5, 10, 15],
    default: 0,
  },
  /** A patient may move a session until this long before its start; null: patients may not move. */
  rescheduleNoticeMinutes: {
    kind: 'minutes',
    max: 7 * DAY,
    nullable: true,
    default: DAY,
    offered: [HOUR, 2 * HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY],
  },
  /** How many times a patient may move one session. */
  patientMovesPerSession: {
    kind: 'count',
    min: 0,
    max: 5,
    default: 2,
  },
  /** A patient's cancellation this close to the start is late (0: never late). */
  lateCancelWindowMinutes: {
    kind: 'minutes',
    max: 72 * HOUR,
    default: 0,
    offered: [0, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY],
  },
  /** What a late cancellation by the patient refunds, in percent of the fee paid. */
  lateCancelRefundPercent: {
    kind: 'oneOf',
    choices: [0, 50, 100],
    default: 100,
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

/** A value for each setting, made by `make` in the table's order. */
export function mapPolicyFields<R>(
  make: <K extends PolicyKey>(key: K, field: PolicyFields[K]) => R,
): Record<PolicyKey, R> {
  return Object.fromEntries(
    POLICY_KEYS.map((key) => [key, make(key, POLICY_FIELDS[key])]),
  ) as Record<PolicyKey, R>;
}
