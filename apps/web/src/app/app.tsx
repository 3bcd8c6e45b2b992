import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Role } from '@sukoon/shared';
import { LoadingScreen } from '../components/ui/loading-screen';
import { Notice } from '../components/ui/text-field';
import { useLogout } from '../features/auth/auth-api';
import { AuthDialog } from '../features/auth/auth-dialog';
import { AvatarMenu } from '../features/auth/avatar-menu';
import { SessionProvider } from '../features/auth/session';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useSignInLink } from '../features/auth/use-sign-in-link';
import { RoleSelection } from '../features/role-selection/role-selection';
import { isPatientDeepLink, readEntryParams } from '../lib/entry-params';
import { ErrorBoundary } from './error-boundary';

// The dashboard and the calendar load after the role selection has painted.
const DashboardShell = lazy(() =>
  import('../features/dashboard/dashboard-shell').then((module) => ({
    default: module.DashboardShell,
  })),
);

const CalendarArea = lazy(() =>
  import('./calendar-area').then((module) => ({ default: module.CalendarArea })),
);
// TEST MODE page to try the payment path; its server routes exist only with the sandbox provider.
const CheckoutPlayground = lazy(() =>
  import('../features/payments/checkout-playground').then((module) => ({
    default: module.CheckoutPlayground,
  })),
);
const PLAYGROUND_PATH = '/sandbox/checkout';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 10_000 } },
});

type View =
  { name: 'role-selection' } | { name: 'dashboard'; role: Role; arrivedWithToken: boolean };

/**
 * `?token=…&psychologistId=…` (an emailed sign-in link) and `?psychologistId=…` alone (the link a
 * psychologist shares) both open the patient dashboard; only the first hides the way back.
 */
function initialView(): View {
  const params = readEntryParams(window.location.search);
  if (isPatientDeepLink(params))
    return { name: 'dashboard', role: 'patient', arrivedWithToken: true };
  if (params.psychologistId) return { name: 'dashboard', role: 'patient', arrivedWithToken: false };
  return { name: 'role-selection' };
}

/**
 * The page flow: role selection, then the role's dashboard. A visitor not signed in as that role gets
 * the sign-in/registration dialog over it; closing the dialog returns to role selection.
 */
function PageFlow() {
  const [view, setView] = useState<View>(initialView);
  const { user, checking } = useCurrentUser();
  const signInLink = useSignInLink();
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);

  if (checking || signInLink.pending) return <LoadingScreen />;
  if (window.location.pathname === PLAYGROUND_PATH) {
    return <CheckoutPlayground signedIn={user !== null} />;
  }
  if (view.name === 'role-selection') {
    return (
      <RoleSelection
        onSelect={(role) => setView({ name: 'dashboard', role, arrivedWithToken: false })}
      />
    );
  }
  const toRoleSelection = () => setView({ name: 'role-selection' });
  const canGoBack = view.role === 'patient' && !view.arrivedWithToken;
  const signedInAsRole = user?.role === view.role ? user : null;
  return (
    <DashboardShell
      role={view.role}
      onBack={canGoBack ? toRoleSelection : undefined}
      actions={
        signedInAsRole && (
          <AvatarMenu
            user={signedInAsRole}
            onProfile={() => setProfileOpen(true)}
            onLogout={() => logout.mutate(undefined, { onSettled: toRoleSelection })}
          />
        )
      }
    >
      {signInLink.error && !signedInAsRole && (
        <div className="mb-4">
          <Notice tone="error">{signInLink.error}</Notice>
        </div>
      )}
      <CalendarArea
        role={view.role}
        user={signedInAsRole}
        profileOpen={profileOpen}
        onProfileOpenChange={setProfileOpen}
      />
      {!signedInAsRole && (
        <AuthDialog key={view.role} role={view.role} onCancel={toRoleSelection} />
      )}
    </DashboardShell>
  );
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <Suspense fallback={<LoadingScreen />}>
            <PageFlow />
          </Suspense>
        </SessionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
