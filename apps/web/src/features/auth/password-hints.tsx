import { PASSWORD_MIN_LENGTH } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';

/**
 * Live hints under a new password: length, and (once typed) whether the confirmation matches. With
 * `id`, the items are `{id}-length` and `{id}-match`, for the fields to name as their description.
 */
export function PasswordHints({
  password,
  confirm,
  id,
}: {
  password: string;
  confirm: string;
  id?: string;
}) {
  const t = useT();
  const longEnough = password.length >= PASSWORD_MIN_LENGTH;
  const matches = password === confirm;
  return (
    <ul className="space-y-1 text-xs" aria-live="polite">
      <li id={id && `${id}-length`} className={longEnough ? 'text-emerald-700' : 'text-slate-600'}>
        <span aria-hidden="true">{longEnough ? '✓' : '○'}</span>{' '}
        {t(longEnough ? 'auth.hint.longEnough' : 'auth.hint.tooShort', {
          min: PASSWORD_MIN_LENGTH,
        })}
      </li>
      {confirm !== '' && (
        <li id={id && `${id}-match`} className={matches ? 'text-emerald-700' : 'text-red-700'}>
          <span aria-hidden="true">{matches ? '✓' : '✗'}</span>{' '}
          {t(matches ? 'auth.hint.match' : 'auth.hint.mismatch')}
        </li>
      )}
    </ul>
  );
}
