import { useT } from '../../i18n/i18n';
import { Button } from './button';

interface LoadErrorProps {
  /** What could not be loaded and why, e.g. 'Today’s sessions could not be loaded: …'. */
  message: string;
  onRetry?: (() => void) | undefined;
  /** The retry is on its way. */
  retrying?: boolean | undefined;
  className?: string;
}

/**
 * A list that could not be loaded: said as such, with a way to try again, and never shown as an
 * empty list ("nothing to do") in its place.
 */
export function LoadError({ message, onRetry, retrying, className = '' }: LoadErrorProps) {
  const t = useT();
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}
    >
      <span className="min-w-0">{message}</span>
      {onRetry && (
        <Button
          variant="secondary"
          className="min-h-8 px-3 py-1"
          disabled={retrying}
          onClick={onRetry}
        >
          {retrying ? t('app.tryingAgain') : t('app.tryAgain')}
        </Button>
      )}
    </div>
  );
}
