import { PASSWORD_MIN_LENGTH } from '@sukoon/shared';

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
  const longEnough = password.length >= PASSWORD_MIN_LENGTH;
  const matches = password === confirm;
  return (
    <ul className="space-y-1 text-xs" aria-live="polite">
      <li id={id && `${id}-length`} className={longEnough ? 'text-emerald-700' : 'text-slate-600'}>
        <span aria-hidden="true">{longEnough ? '✓' : '○'}</span>{' '}
        {longEnough ? 'At least 8 characters' : 'Password must be at least 8 characters long'}
      </li>
      {confirm !== '' && (
        <li id={id && `${id}-match`} className={matches ? 'text-emerald-700' : 'text-red-700'}>
          <span aria-hidden="true">{matches ? '✓' : '✗'}</span>{' '}
          {matches ? 'Passwords match' : 'Passwords do not match'}
        </li>
      )}
    </ul>
  );
}
