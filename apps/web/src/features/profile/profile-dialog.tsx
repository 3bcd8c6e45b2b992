import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import type { Psychologist } from '@sukoon/shared';
import { useDialogFocus } from '../../components/ui/modal';
import { useT } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { ProfileForm } from './profile-form';
import { ReceiptSettingsSection } from './receipt-settings';

interface ProfileDialogProps {
  psychologistId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The psychologist's own profile: the full name patients see, what they choose by (specializations,
 * languages, bio, years of practice, a registration number shown as given), time zone, fees, the
 * practice policy and how sessions get their meeting links; below it, what receipts print.
 */
export function ProfileDialog({ psychologistId, open, onOpenChange }: ProfileDialogProps) {
  const profile = useQuery({
    queryKey: ['psychologists', psychologistId],
    queryFn: ({ signal }) =>
      api<Psychologist>('GET', `/api/psychologists/${psychologistId}`, { signal }),
    enabled: open,
  });
  const t = useT();
  const dialogFocus = useDialogFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          {...dialogFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
        >
          <Dialog.Title className="text-lg font-semibold">{t('profile.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {t('profile.description')}
          </Dialog.Description>
          {profile.data ? (
            <>
              <ProfileForm profile={profile.data} />
              <ReceiptSettingsSection />
            </>
          ) : (
            <p role="status" className="mt-4 text-sm text-slate-600">
              {profile.isError ? profile.error.message : t('app.loading')}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
