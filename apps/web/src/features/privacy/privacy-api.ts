import { useMutation } from '@tanstack/react-query';
import {
  localDateOf,
  type AccountExport,
  type DeleteAccountBody,
  type DeleteAccountData,
  type Role,
} from '@sukoon/shared';
import type { Translate } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { deviceTimeZone } from '../../lib/dates';
import { saveFile } from '../../lib/download';

/** 'sukoon-data-2026-11-23.json': the day of the export on the person's own calendar. */
export function exportFileName(exportedAt: string, timeZone = deviceTimeZone()): string {
  return `sukoon-data-${localDateOf(new Date(exportedAt), timeZone)}.json`;
}

/** GET /api/users/me/export, saved as a JSON file; answers the file's name. */
export function useDownloadData() {
  return useMutation({
    mutationFn: async () => {
      const data = await api<AccountExport>('GET', '/api/users/me/export');
      const fileName = exportFileName(data.exported_at);
      const json = `${JSON.stringify(data, null, 2)}\n`;
      saveFile(new Blob([json], { type: 'application/json' }), fileName);
      return fileName;
    },
  });
}

/** DELETE /api/users/me with the password: the account is deleted (consent withdrawn). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<DeleteAccountData>('DELETE', '/api/users/me', { body }),
  });
}

/**
 * What the role selection says once the account is gone, in the page's language (`t`; English when
 * the caller gives none).
 */
export function deletionSummary(role: Role, data: DeleteAccountData, t: Translate): string {
  const count = data.canceled_sessions;
  return role === 'patient'
    ? t('privacy.deleted.patient', { count })
    : t('privacy.deleted.psychologist', { count });
}
