import { AlertDialog } from 'radix-ui';
import { Button } from '../../components/ui/button';
import { useDialogFocus } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { useT } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { useSignOutEverywhere } from './auth-api';

interface SignOutEverywhereDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the server has ended every session, this one included. */
  onSignedOut: () => void;
}

/**
 * Asks before ending every session and emailed sign-in link: it also signs this browser out, which a
 * stray click should not do.
 */
export function SignOutEverywhereDialog({
  open,
  onOpenChange,
  onSignedOut,
}: SignOutEverywhereDialogProps) {
  const t = useT();
  const dialogFocus = useDialogFocus();
  const signOutEverywhere = useSignOutEverywhere();
  const failure = signOutEverywhere.error;
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) signOutEverywhere.reset();
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <AlertDialog.Content
          {...dialogFocus}
          className="fixed top-1/2 left-1/2 z-[70] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {t('signOutEverywhere.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {t('signOutEverywhere.description')}
          </AlertDialog.Description>
          {failure && (
            <div className="mt-4">
              <Notice tone="error">
                {failure instanceof ApiError && failure.code !== 'NETWORK_ERROR'
                  ? failure.message
                  : t('signOutEverywhere.networkError')}
              </Notice>
            </div>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('signOutEverywhere.cancel')}</Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              aria-disabled={signOutEverywhere.isPending}
              onClick={() => {
                if (signOutEverywhere.isPending) return;
                signOutEverywhere.mutate(undefined, { onSuccess: onSignedOut });
              }}
            >
              {signOutEverywhere.isPending
                ? t('signOutEverywhere.signingOut')
                : t('signOutEverywhere.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
