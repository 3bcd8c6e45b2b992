import { PASSWORD_MIN_LENGTH } from '@sukoon/shared';

/** Live hints under a new password: length, and (once typed) whether the confirmation matches. */
export function PasswordHints({ password, confirm }: { password: string; confirm: string }) {
  const longEnough = password.length >= PASSWORD_MIN_LENGTH;
  const matches = password === confirm;
  return (
    <ul className="space-y-1 text-xs" aria-live="polite">
      <li className={longEnough ? 'text-emerald-700' : 'text-slate-600'}>
        <span aria-hidden="true">{longEnough ? '✓' : '○'}</span>{' '}
        {longEnough ? 'At least 8 characters' : 'Password must be at least 8 characters long'}
      </li>
      {confirm !== '' && (
        <li className={matches ? 'text-emerald-700' : 'text-red-700'}>
          <span aria-hidden="true">{matches ? '✓' : '✗'}</span>{' '}
          {matches ? 'Passwords match' : 'Passwords do not match'}
        </li>
      )}
    </ul>
  );
}
