import { lazy, type ReactNode } from 'react';
import type { User } from '@sukoon/shared';
import { useClearSession } from '../features/auth/auth-api';
import { deletionSummary } from '../features/privacy/privacy-api';
import { useT } from '../i18n/i18n';
import { useDialogLayer } from './dialog-layer';

// Loaded when someone opens it from the account menu.
const PrivacyDialog = lazy(() =>
  import('../features/privacy/privacy-dialog').then((module) => ({
    default: module.PrivacyDialog,
  })),
);

/**
 * Wires the privacy feature to the session: the avatar menu's Privacy & data opens the dialog, and a
 * deleted account is forgotten in this browser (token, stored user, cached data) before the page flow
 * returns to role selection with `onDeleted`'s summary of what was done.
 */
export function usePrivacyLayer(
  user: User | null,
  onDeleted: (summary: string) => void,
): { open: () => void; layer: ReactNode } {
  const clearSession = useClearSession();
  const t = useT();
  return useDialogLayer(
    'app.region.privacy',
    (close) =>
      user && (
        <PrivacyDialog
          role={user.role}
          onClose={close}
          onDeleted={(data) => {
            close();
            clearSession();
            onDeleted(deletionSummary(user.role, data, t));
          }}
        />
      ),
  );
}
