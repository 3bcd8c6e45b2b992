import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Role } from '@sukoon/shared';
import { LoadingScreen } from '../components/ui/loading-screen';
import { SessionProvider } from '../features/auth/session';
import { useCurrentUser } from '../features/auth/use-current-user';
import { RoleSelection } from '../features/role-selection/role-selection';
import { isPatientDeepLink, readEntryParams } from '../lib/entry-params';
import { ErrorBoundary } from './error-boundary';

// The dashboard (and later the calendar) loads after the role selection has painted.
const DashboardShell = lazy(() =>
  import('../features/dashboard/dashboard-shell').then((module) => ({
    default: module.DashboardShell,
  })),
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

function initialView(): View {
  const params = readEntryParams(window.location.search);
  return isPatientDeepLink(params)
    ? { name: 'dashboard', role: 'patient', arrivedWithToken: true }
    : { name: 'role-selection' };
}

/** The page flow: role selection, then the role's dashboard. */
function PageFlow() {
  const [view, setView] = useState<View>(initialView);
  const { user, checking } = useCurrentUser();

  if (checking) return <LoadingScreen />;
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
  const canGoBack = view.role === 'patient' && !view.arrivedWithToken;
  const signedInAsRole = user?.role === view.role ? user : null;
  return (
    <DashboardShell
      role={view.role}
      onBack={canGoBack ? () => setView({ name: 'role-selection' }) : undefined}
    >
      <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        <h2 className="text-lg font-semibold text-slate-800">Your week</h2>
        <p className="mt-2 text-sm">
          {signedInAsRole
            ? `Signed in as ${signedInAsRole.username}.`
            : 'Sign in to see your sessions and availability.'}
        </p>
      </section>
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
