import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MoveOfferPreview } from '@sukoon/shared';
import { MoveDecisionDialog } from '../features/reschedule/move-decision-dialog';
import { useT, type Translate } from '../i18n/i18n';
import { api } from '../lib/api-client';
import { deviceTimeZone, formatSessionStart } from '../lib/dates';

/** An emailed answer to a psychologist's move (issue 18): `?moveDecision=<token>&choice=keep|cancel`. */
export interface MoveDecisionLink {
  token: string;
  choice: 'keep' | 'cancel';
}

export function readMoveDecisionLink(search: string): MoveDecisionLink | null {
  const params = new URLSearchParams(search);
  const token = params.get('moveDecision')?.trim();
  const choice = params.get('choice');
  if (!token || (choice !== 'keep' && choice !== 'cancel')) return null;
  return { token, choice };
}

/** Takes the move link's parameters out of the address bar, so a reload does not ask again. */
export function forgetMoveDecisionLink() {
  const url = new URL(window.location.href);
  url.searchParams.delete('moveDecision');
  url.searchParams.delete('choice');
  window.history.replaceState(window.history.state, '', url);
}

/**
 * An emailed move link answers over whatever the page shows, signed in or not: the token is the
 * permission. Its parameters leave the address bar once it is answered or the dialog closes.
 * Loaded only when the address holds such a link (app.tsx), never in a first load.
 */
export function MoveLinkLayer() {
  const t = useT();
  const [link, setLink] = useState(() => readMoveDecisionLink(window.location.search));
  const queryClient = useQueryClient();
  // The session the link is about, so the patient knows what they answer (a spent link: nothing).
  const preview = useQuery({
    queryKey: ['move-offer', link?.token],
    queryFn: () => api<MoveOfferPreview>('GET', `/api/move-decisions/${link!.token}`),
    enabled: link !== null,
    retry: false,
  });
  if (!link) return null;
  return (
    <MoveDecisionDialog
      source={{ kind: 'email', token: link.token }}
      decision={link.choice}
      summary={preview.data ? previewSentence(t, preview.data) : undefined}
      onChanged={() => {
        forgetMoveDecisionLink();
        return queryClient.invalidateQueries();
      }}
      onClose={() => {
        forgetMoveDecisionLink();
        setLink(null);
      }}
    />
  );
}

/** "Dr X moved your 45-minute session “Exam stress” from Tue 2 Dec, 10:00 AM IST to Thu 4 Dec, …". */
export function previewSentence(
  t: Translate,
  preview: MoveOfferPreview,
  timeZone = deviceTimeZone(),
): string {
  const when = (instant: string) => formatSessionStart(new Date(instant), timeZone);
  return t('moveLink.preview', {
    name: preview.psychologist_name,
    minutes: preview.duration_minutes,
    title: preview.title,
    from: when(preview.from_start),
    to: when(preview.to_start),
  });
}
