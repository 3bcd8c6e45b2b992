import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { Locale, Role } from '@sukoon/shared';
import { LanguageSwitcher } from '../components/ui/language-switcher';
import { useUpdateAccount } from '../features/account/account-api';
import type { Messages } from '../i18n/catalogue';
import { I18nProvider, RedrawOnLanguageChange, useI18n, useT } from '../i18n/i18n';
import { initialLocale } from '../i18n/locale';
import { LazyMenuSlot } from '../components/ui/lazy-menu';
import { LoadingScreen } from '../components/ui/loading-screen';
import { Notice } from '../components/ui/notice';
import { useLogout } from '../features/auth/auth-api';
import { AvatarTrigger } from '../features/auth/avatar';
import { readStoredSession, SessionProvider, useSession } from '../features/auth/session';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useSignInLink } from '../features/auth/use-sign-in-link';
import { DashboardShell } from '../features/dashboard/dashboard-shell';
import { RoleSelection } from '../features/role-selection/role-selection';
import { isPatientDeepLink, readEntryParams } from '../lib/entry-params';
import { lazyWithPreload, preloadWhenIdle } from '../lib/lazy';
import { ErrorBoundary } from './error-boundary';
import { usePrivacyLayer } from './privacy-layer';
import { SkeletonList } from '../components/ui/skeleton';
import { AttendanceBannerFrame } from '../features/attendance/attendance-frame';
import { YourSessionsFrame } from '../features/patient-sessions/your-sessions-frame';

// The role selection's first load is only what it needs (apps/web/scripts/check-bundle-budget.mjs
// keeps it under budget). The dashboard's header is part of it (the page a signed-in visitor is sent
// is that header's frame, prerendered: decision 0017); each role's area and the sign-in dialog are
// fetched while the role selection is idle, so choosing a role shows them without waiting.
// Each role's dashboard is its own chunk: a patient's first load has none of the attendance tools.
const PatientArea = lazyWithPreload(() =>
  import('./patient-area').then((module) => module.PatientArea),
);
const PsychologistArea = lazyWithPreload(() =>
  import('./psychologist-area').then((module) => module.PsychologistArea),
);
const AuthDialog = lazyWithPreload(() =>
  import('../features/auth/auth-dialog').then((module) => module.AuthDialog),
);
// The avatar menu and the Calendar feed dialog it opens (account-menu.tsx).
const AvatarMenu = lazyWithPreload(() =>
  import('./account-menu').then((module) => module.AccountMenu),
);
// TEST MODE page to try the payment path; its server routes exist only with the sandbox provider.
const CheckoutPlayground = lazyWithPreload(() =>
  import('../features/payments/checkout-playground').then((module) => module.CheckoutPlayground),
);
const PLAYGROUND_PATH = '/sandbox/checkout';
// The email's Keep / Cancel links of a moved session (issue 18): fetched only when one is opened.
const MoveLinkLayer = lazyWithPreload(() =>
  import('./move-link-layer').then((module) => module.MoveLinkLayer),
);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 10_000 } },
});

type View =
  | { name: 'role-selection'; notice?: string; returnedFrom?: Role }
  | { name: 'dashboard'; role: Role; arrivedWithToken: boolean };

/**
 * `?token=…&psychologistId=…` (an emailed sign-in link) and `?psychologistId=…` alone (the link a
 * psychologist shares) both open the patient dashboard; only the first hides the way back. Someone
 * still signed in in this browser (a reload, a later visit) goes straight to their own dashboard.
 */
function initialView(signedInAs: Role | undefined): View {
  const params = readEntryParams(window.location.search);
  if (isPatientDeepLink(params))
    return { name: 'dashboard', role: 'patient', arrivedWithToken: true };
  if (params.psychologistId) return { name: 'dashboard', role: 'patient', arrivedWithToken: false };
  if (signedInAs) return { name: 'dashboard', role: signedInAs, arrivedWithToken: false };
  return { name: 'role-selection' };
}

/**
 * Which prerendered page (apps/web/scripts/prerender.mjs) the first render draws in this browser:
 * the role selection, or the frame of a role's dashboard while the stored session is checked; null
 * when it draws something else (a sign-in link being exchanged, a move link, the checkout
 * playground). main.tsx hydrates the server's HTML only when it is that page, and otherwise draws
 * afresh over it.
 */
export function firstScreen(): 'role-selection' | Role | null {
  if (window.location.pathname !== '/') return null;
  if (window.location.search.includes('moveDecision=')) return null;
  const session = readStoredSession();
  if (!session && readEntryParams(window.location.search).token) return null;
  const view = initialView(session?.user.role);
  if (view.name === 'role-selection') return 'role-selection';
  // Signed in, the frame of the dashboard is drawn while the session is checked; signed out, the
  // dashboard draws its sign-in invitation at once, which no prerendered page holds.
  return session && !view.arrivedWithToken ? view.role : null;
}

/** The page, and over it the answer to an emailed move link when the address holds one. */
function PageFlow() {
  const [moveLink] = useState(() => window.location.search.includes('moveDecision='));
  const { session } = useSession();
  // Kept here, above the redraw a language change causes: a patient who came by an emailed sign-in
  // link keeps their dashboard (and no back button), a notice on role selection stays.
  const [view, setView] = useState<View>(() => initialView(session?.user.role));
  return (
    <>
      <RedrawOnLanguageChange>
        <PageFlowBody view={view} setView={setView} />
      </RedrawOnLanguageChange>
      {moveLink && (
        <Suspense fallback={null}>
          <MoveLinkLayer />
        </Suspense>
      )}
    </>
  );
}

/**
 * The page flow: role selection, then the role's dashboard. A visitor not signed in as that role gets
 * the sign-in/registration dialog over it; closing the dialog returns to role selection.
 */
function PageFlowBody({ view, setView }: { view: View; setView: (view: View) => void }) {
  const { user, checking } = useCurrentUser();
  const signInLink = useSignInLink();
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);
  // A deleted account ends the visit: back to role selection, saying what was done.
  const privacy = usePrivacyLayer(user, (notice) => setView({ name: 'role-selection', notice }));
  const onRoleSelection = view.name === 'role-selection';
  const { locale, setLocale, t } = useI18n();
  const updateAccount = useUpdateAccount();
  // Signed in, the page speaks the account's language (chosen on another device, or at
  // registration); a choice made here is saved to the account (LanguageSwitcher, AccountMenu).
  const adoptedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user) {
      // Signed out: the device's own language again (a shared device is not left in the last
      // person's), unless it was chosen here.
      if (adoptedFor.current !== null && locale !== initialLocale())
        void setLocale(initialLocale(), { chosenHere: false });
      adoptedFor.current = null;
      return;
    }
    const key = `${user.id}:${user.locale}`;
    if (adoptedFor.current === key) return;
    adoptedFor.current = key;
    if (user.locale !== locale) {
      // Its words could not be fetched (offline): the page stays readable in its own language,
      // and the next sign-in or visit tries again.
      setLocale(user.locale, { chosenHere: false }).catch(() => {
        adoptedFor.current = null;
      });
    }
  }, [user, locale, setLocale]);
  const saveLocale = async (chosen: Locale) => {
    if (user) await updateAccount.mutateAsync({ locale: chosen });
  };
  useEffect(() => {
    if (!onRoleSelection) return;
    return preloadWhenIdle(
      PatientArea.preload,
      PsychologistArea.preload,
      AuthDialog.preload,
      AvatarMenu.preload,
    );
  }, [onRoleSelection]);

  const waiting = checking || signInLink.pending;
  if (waiting && view.name === 'role-selection') return <LoadingScreen />;
  if (window.location.pathname === PLAYGROUND_PATH) {
    if (waiting) return <LoadingScreen />;
    return <CheckoutPlayground signedIn={user !== null} />;
  }
  if (view.name === 'role-selection') {
    return (
      <RoleSelection
        notice={view.notice}
        returnedFrom={view.returnedFrom}
        languageSwitcher={<LanguageSwitcher onChosen={saveLocale} />}
        onSelect={(role) => setView({ name: 'dashboard', role, arrivedWithToken: false })}
      />
    );
  }
  const toRoleSelection = () => setView({ name: 'role-selection', returnedFrom: view.role });
  const canGoBack = view.role === 'patient' && !view.arrivedWithToken;
  const signedInAsRole = user?.role === view.role ? user : null;
  if (waiting) {
    // The dashboard's frame while the stored session (or a sign-in link) is checked: the header as it
    // will be, a stand-in where the avatar goes and the calendar's loading state. It holds nothing
    // of the user's, so the server may send it prerendered to anyone signed in as this role.
    return (
      <DashboardShell
        role={view.role}
        onBack={canGoBack ? toRoleSelection : undefined}
        actions={<span className="size-10 rounded-full bg-slate-100" aria-hidden="true" />}
      >
        <DashboardLoading role={view.role} />
      </DashboardShell>
    );
  }
  return (
    <DashboardShell
      role={view.role}
      onBack={canGoBack ? toRoleSelection : undefined}
      // Signing in closes the dialog that had focus: the dashboard's heading takes it.
      focusHeadingFor={signedInAsRole?.id}
      actions={
        signedInAsRole && (
          <LazyMenuSlot
            Menu={AvatarMenu}
            props={{
              user: signedInAsRole,
              // A psychologist's profile opens in the page; a patient's details from the menu itself.
              onProfile:
                signedInAsRole.role === 'psychologist' ? () => setProfileOpen(true) : undefined,
              onPrivacy: privacy.open,
              onLogout: () => logout.mutate(undefined, { onSettled: toRoleSelection }),
            }}
            trigger={(press) => <AvatarTrigger user={signedInAsRole} press={press} />}
          />
        )
      }
    >
      {signInLink.error && !signedInAsRole && (
        <div className="mb-4">
          <Notice tone="error">{signInLink.error}</Notice>
        </div>
      )}
      {signedInAsRole ? (
        // The dashboard's calendar loads in its place, the header staying as it is.
        <Suspense fallback={<DashboardLoading role={signedInAsRole.role} />}>
          {signedInAsRole.role === 'psychologist' ? (
            <PsychologistArea
              user={signedInAsRole}
              profileOpen={profileOpen}
              onProfileOpenChange={setProfileOpen}
            />
          ) : (
            <PatientArea user={signedInAsRole} />
          )}
        </Suspense>
      ) : (
        <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          <h2 className="text-lg font-semibold text-slate-800">{t('app.signedOut.title')}</h2>
          <p className="mt-2 text-sm">{t('app.signedOut.body')}</p>
        </section>
      )}
      {signedInAsRole && privacy.layer}
      {!signedInAsRole && (
        <Suspense fallback={null}>
          <AuthDialog
            key={view.role}
            role={view.role}
            onCancel={toRoleSelection}
            onContinueAs={(role) => setView({ name: 'dashboard', role, arrivedWithToken: false })}
          />
        </Suspense>
      )}
    </DashboardShell>
  );
}

/**
 * A role's dashboard before anything of the user's is known: the same boxes, in the same places, as
 * the dashboard draws while its data loads (Your sessions for patients; Today's Attendance and the
 * tip for psychologists, psychologist-area.tsx), so filling them in moves nothing (issue 19). The
 * server sends it prerendered (decision 0017): it holds nothing of any user's.
 */
function DashboardLoading({ role }: { role: Role }) {
  const t = useT();
  return role === 'patient' ? (
    <div className="flex flex-col gap-4">
      <YourSessionsFrame />
      <CalendarLoading />
    </div>
  ) : (
    <section aria-label={t('app.calendar')} className="flex flex-col gap-4">
      <AttendanceBannerFrame />
      <CalendarLoading />
    </section>
  );
}

/** The same shape and place as the calendar's own loading state, so nothing flashes between them. */
function CalendarLoading() {
  const t = useT();
  return <SkeletonList label={t('app.loadingCalendar')} rows={6} />;
}

// main.tsx imports only React statically: the language's first steps come with the app.
export { ENGLISH, loadMessages } from '../i18n/catalogue';
export { initialLocale, rememberLocale } from '../i18n/locale';

/** The app in a language: its catalogue has arrived before the first render (main.tsx). */
export function App({ locale, messages }: { locale: Locale; messages: Messages }) {
  return (
    <I18nProvider locale={locale} messages={messages}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <Suspense fallback={<LoadingScreen />}>
              <PageFlow />
            </Suspense>
          </SessionProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
