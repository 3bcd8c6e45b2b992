import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { User } from '@sukoon/shared';
import { SkeletonList } from '../components/ui/skeleton';
import { useT } from '../i18n/i18n';
import { ErrorBoundary } from './error-boundary';

// Its own chunk, with the chart library: fetched when the page is opened (or reloaded on).
const PracticePage = lazy(() =>
  import('../features/practice/practice-page').then((module) => ({
    default: module.PracticePage,
  })),
);

export const PRACTICE_PATH = '/practice';

const onPracticePath = () => window.location.pathname === PRACTICE_PATH;

/**
 * The psychologist's Practice page, opened from the avatar menu at its own address: Back in the
 * browser returns to the calendar, and a reload on it opens it again. It is drawn beside the app's
 * root, which is hidden meanwhile, rather than by the page flow in app.tsx, so the dashboard's first
 * load carries nothing of it: this hook lives in the account menu's chunk.
 */
export function usePracticeLayer(user: User): { open: () => void; layer: ReactNode } {
  const t = useT();
  const [shown, setShown] = useState(onPracticePath);
  useEffect(() => {
    const follow = () => setShown(onPracticePath());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const visible = shown && user.role === 'psychologist';
  useEffect(() => {
    if (!visible) return;
    // The dashboard stays mounted (its state and queries) but leaves the page while this is shown.
    const root = document.getElementById('root');
    root?.setAttribute('hidden', '');
    window.scrollTo(0, 0);
    return () => root?.removeAttribute('hidden');
  }, [visible]);

  const open = () => {
    if (!onPracticePath()) window.history.pushState({ practice: true }, '', PRACTICE_PATH);
    setShown(true);
  };
  const close = () => {
    // Opened from the menu: the same as the browser's Back. Arrived at it (a reload, a link):
    // replace the address, since there is no calendar entry behind it to go back to.
    if ((window.history.state as { practice?: boolean } | null)?.practice) window.history.back();
    else {
      window.history.replaceState(null, '', '/');
      setShown(false);
    }
  };

  return {
    open,
    layer: visible
      ? createPortal(
          <div className="min-h-screen bg-slate-50">
            <ErrorBoundary region="app.region.practice">
              <Suspense
                fallback={<SkeletonList label={t('practice.loading')} rows={4} className="p-6" />}
              >
                <PracticePage onBack={close} />
              </Suspense>
            </ErrorBoundary>
          </div>,
          document.body,
        )
      : null,
  };
}
