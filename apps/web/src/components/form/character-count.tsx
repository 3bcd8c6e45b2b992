import { useT } from '../../i18n/i18n';

interface CharacterCountProps {
  id: string;
  /** As the server counts it: the caller trims (or normalizes) first. */
  length: number;
  max: number;
  /** Beside the label ("27/600"), or under the field ("27 / 600"). */
  placement?: 'beside' | 'under';
}

/**
 * Characters typed against a field's limit, and by how many they are over it: text over a limit is
 * kept as typed and counted, never cut, and the control is marked invalid by its form.
 */
export function CharacterCount({ id, length, max, placement = 'under' }: CharacterCountProps) {
  const t = useT();
  const over = length - max;
  const tone = over > 0 ? 'font-semibold text-red-700' : 'text-slate-500';
  // Its key keeps the name the booking journey reads it by.
  const overText = over > 0 && (
    <span role="status"> {t('booking.overLimit', { count: over })}</span>
  );
  return placement === 'beside' ? (
    <span id={id} className={`text-xs tabular-nums ${tone}`}>
      {length}/{max}
      <span className="sr-only"> {t('field.characters')}</span>
      {overText}
    </span>
  ) : (
    <p id={id} className={`text-right text-xs tabular-nums ${tone}`}>
      {length} / {max}
      {overText}
    </p>
  );
}
