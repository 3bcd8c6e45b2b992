import { z } from 'zod';
import { formatNotice, mapPolicyFields, type PolicyField, type PolicyValues } from './policy-rules';

export * from './policy-rules';

/**
 * A practice policy's schema, made from its field table (policy-fields.ts); its rules are in
 * policy-rules.ts (zod-free, decision 0017).
 */

function minutesSetting(max: number, what: string) {
  const What = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  return z
    .number({ error: `Enter ${what} as a number of minutes` })
    .int(`Enter ${what} in whole minutes`)
    .min(0, `${What} cannot be negative`)
    .max(max, `${What} can be at most ${formatNotice(max)}`);
}

function settingSchema(field: PolicyField) {
  switch (field.kind) {
    case 'minutes': {
      const minutes = minutesSetting(field.max, field.what);
      return field.nullable ? minutes.nullable() : minutes;
    }
    case 'count':
      return z
        .number({ error: field.messages.type })
        .int(field.messages.whole)
        .min(field.min, field.messages.tooSmall)
        .max(field.max, field.messages.tooBig);
    case 'oneOf':
      return z.union(
        field.choices.map((choice) => z.literal(choice)),
        { error: field.message },
      );
  }
}

type PolicyShape = { [K in keyof PolicyValues]: z.ZodType<PolicyValues[K]> };

export const PracticePolicy = z.object(
  mapPolicyFields((_key, field) => settingSchema(field)) as PolicyShape,
);
export type PracticePolicy = z.infer<typeof PracticePolicy>;

// The schema reads exactly the table's policy: neither type may hold what the other cannot.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAsTable: Same<PracticePolicy, PolicyValues> = true;
void sameAsTable;
