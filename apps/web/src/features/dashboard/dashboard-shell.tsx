import { useEffect, useRef, type ReactNode } from 'react';
import type { Role } from '@sukoon/shared';
import { Badge } from '../../components/ui/badge';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';

const ROLE_LABEL: Record<Role, MessageKey> = {
  patient: 'dashboard.role.patient',
  psychologist: 'dashboard.role.psychologist',
};
const TITLE: Record<Role, MessageKey> = {
  patient: 'dashboard.title.patient',
  psychologist: 'dashboard.title.psychologist',
};

interface DashboardShellProps {
  role: Role;
  /** Shown only to patients who did not arrive through a sign-in link. */
  onBack?: () => void;
  /** Header controls on the right, e.g. the avatar menu. */
  actions?: ReactNode;
  /**
   * The signed-in user's id: when it arrives (a sign-in just closed its dialog, or a signed-in visitor
   * chose this dashboard) the heading takes focus, instead of focus falling to the page's body.
   */
  focusHeadingFor?: string | undefined;
  children?: ReactNode;
}

export function DashboardShell({
  role,
  onBack,
  actions,
  focusHeadingFor,
  children,
}: DashboardShellProps) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeadingFor) headingRef.current?.focus({ preventScroll: true });
  }, [focusHeadingFor]);
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-screen-2xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          {/* On a phone the title takes two lines, as narrow as its longest word (never narrower,
              or that word ran under the role badge), and the badge goes under it only where the
              two do not fit side by side. */}
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 sm:flex-nowrap sm:gap-3">
            <span
              className="hidden size-9 shrink-0 place-items-center rounded-lg bg-brand-700 sm:grid text-sm font-bold text-white"
              aria-hidden="true"
            >
              {/* Sukoon's initial: the name is never transliterated, so the mark stays S. */}
              {t('dashboard.logo')}
            </span>
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="text-base leading-tight font-semibold focus:outline-none max-[479px]:basis-[min-content] sm:min-w-0 sm:truncate sm:text-xl"
            >
              {t(TITLE[role])}
            </h1>
            <Badge tone={role === 'patient' ? 'brand' : 'violet'}>{t(ROLE_LABEL[role])}</Badge>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {onBack && (
              // The specification's whole text on every screen: on a phone it wraps onto two short
              // lines, so the header keeps one row and the visible words are the button's name.
              <button
                type="button"
                onClick={onBack}
                className="min-h-10 max-w-[6.5rem] rounded-lg border border-slate-300 bg-white px-2.5 text-xs leading-tight font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:max-w-none sm:px-4 sm:text-sm"
              >
                {t('dashboard.back')}
              </button>
            )}
            {actions}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-screen-2xl px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}
