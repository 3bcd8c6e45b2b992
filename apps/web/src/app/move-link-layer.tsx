import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MoveDecisionDialog } from '../features/reschedule/move-decision-dialog';

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
  const [link, setLink] = useState(() => readMoveDecisionLink(window.location.search));
  const queryClient = useQueryClient();
  if (!link) return null;
  return (
    <MoveDecisionDialog
      source={{ kind: 'email', token: link.token }}
      decision={link.choice}
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
