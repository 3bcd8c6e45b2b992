import type { ReactNode } from 'react';
import type { Role } from '@sukoon/shared';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

const ROLE_LABEL: Record<Role, string> = { patient: 'Patient', psychologist: 'Psychologist' };

interface DashboardShellProps {
  role: Role;
  /** Shown only to patients who did not arrive through a sign-in link. */
  onBack?: () => void;
  /** Header controls on the right, e.g. the avatar menu. */
  actions?: ReactNode;
  children?: ReactNode;
}

export function DashboardShell({ role, onBack, actions, children }: DashboardShellProps) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-screen-2xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
            <span
              className="hidden size-9 shrink-0 place-items-center rounded-lg bg-brand-700 sm:grid text-sm font-bold text-white"
              aria-hidden="true"
            >
              S
            </span>
            <h1 className="min-w-0 text-base leading-tight font-semibold sm:truncate sm:text-xl">
              {ROLE_LABEL[role]} Dashboard
            </h1>
            <Badge tone={role === 'patient' ? 'brand' : 'violet'}>{ROLE_LABEL[role]}</Badge>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {onBack && (
              // On a phone the header keeps one row: the button says "Back", its name stays whole.
              <Button variant="secondary" onClick={onBack} aria-label="Back to Role Selection">
                <span className="sm:hidden" aria-hidden="true">
                  Back
                </span>
                <span className="hidden sm:inline" aria-hidden="true">
                  Back to Role Selection
                </span>
              </Button>
            )}
            {actions}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-screen-2xl px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}
