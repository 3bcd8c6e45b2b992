import { AlertDialog } from 'radix-ui';
import { useT } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { useDialogFocus } from '../../components/ui/modal';

interface ConfirmCloseDialogProps {
  open: boolean;
  onCancel: () => void;
  onContinue: () => void;
}

/** The generic confirm-close dialog (specification, section 2) for a form with unsaved changes. */
export function ConfirmCloseDialog({ open, onCancel, onContinue }: ConfirmCloseDialogProps) {
  const t = useT();
  const dialogFocus = useDialogFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <AlertDialog.Content
          {...dialogFocus}
          className="fixed top-1/2 left-1/2 z-[70] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {t('booking.confirmClose.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {t('booking.confirmClose.body')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('booking.confirmClose.cancel')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={onContinue}>{t('booking.confirmClose.continue')}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
