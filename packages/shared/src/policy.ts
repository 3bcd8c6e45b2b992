import { z } from 'zod';
import {
  formatNotice,
  mapPolicyFields,
  type PolicyField,
  type PolicyFields,
  type PolicyKey,
  type PolicyValues,
} from './policy-rules';

export * from './policy-rules';

/**
 * A practice policy's schema, made from its field table (policy-fields.ts) and the English of its
 * messages (here, so the first load, which reads the table, does not carry them); its rules are in
 * policy-rules.ts (zod-free, decision 0017).
 */

/** A setting's messages, by its kind: a length of time is named, the others say each check. */
type MessagesOf<F> = F extends { kind: 'minutes' }
  ? { what: string }
  : F extends { kind: 'count' }
    ? { type: string; whole: string; tooSmall: string; tooBig: string }
    : { choice: string };
type PolicyMessages = { [K in PolicyKey]: MessagesOf<PolicyFields[K]> };

/** The schema's English, for the server's answers; the web words each check from its catalogue. */
const POLICY_MESSAGES: PolicyMessages = {
  minNoticeMinutes: { what: 'the minimum notice' },
  horizonWeeks: {
    type: 'Enter the booking horizon in weeks',
    whole: 'Enter the booking horizon in whole weeks',
    tooSmall: 'Patients must be able to book at least 1 week ahead',
    tooBig: 'Patients can book at most 52 weeks ahead',
  },
  breakMinutes: { choice: 'Choose a break of 0, 5, 10 or 15 minutes' },
  rescheduleNoticeMinutes: { what: 'the reschedule notice' },
  patientMovesPerSession: {
    type: 'Enter how many times a patient may move a session',
    whole: 'Enter a whole number of moves',
    tooSmall: 'The number of moves cannot be negative',
    tooBig: 'A patient may move one session at most 5 times',
  },
  lateCancelWindowMinutes: { what: 'the late cancellation window' },
  lateCancelRefundPercent: { choice: 'Choose a refund of 0 %, 50 % or 100 %' },
};

function minutesSetting(max: number, what: string) {
  const What = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  return z
    .number({ error: `Enter ${what} as a number of minutes` })
    .int(`Enter ${what} in whole minutes`)
    .min(0, `${What} cannot be negative`)
    .max(max, `${What} can be at most ${formatNotice(max)}`);
}

function settingSchema(field: PolicyField, messages: PolicyMessages[PolicyKey]) {
  switch (field.kind) {
    case 'minutes': {
      const minutes = minutesSetting(field.max, (messages as { what: string }).what);
      return field.nullable ? minutes.nullable() : minutes;
    }
    case 'count': {
      const says = messages as MessagesOf<{ kind: 'count' }>;
      return z
        .number({ error: says.type })
        .int(says.whole)
        .min(field.min, says.tooSmall)
        .max(field.max, says.tooBig);
    }
    case 'oneOf':
      return z.union(
        field.choices.map((choice) => z.literal(choice)),
        { error: (messages as { choice: string }).choice },
      );
  }
}

type PolicyShape = { [K in keyof PolicyValues]: z.ZodType<PolicyValues[K]> };

export const PracticePolicy = z.object(
  mapPolicyFields((key, field) => settingSchema(field, POLICY_MESSAGES[key])) as PolicyShape,
);
export type PracticePolicy = z.infer<typeof PracticePolicy>;

// The schema reads exactly the table's policy: neither type may hold what the other cannot.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAsTable: Same<PracticePolicy, PolicyValues> = true;
void sameAsTable;
