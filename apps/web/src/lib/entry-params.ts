/** The page's optional query parameters (specification section 2, "Routes"). */
export interface EntryParams {
  token: string | null;
  psychologistId: string | null;
  userId: string | null;
}

export function readEntryParams(search: string): EntryParams {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name)?.trim() || null;
  return { token: read('token'), psychologistId: read('psychologistId'), userId: read('userId') };
}

/** With both a token and a psychologist the visitor is a patient and skips role selection. */
export function isPatientDeepLink(params: EntryParams): boolean {
  return params.token !== null && params.psychologistId !== null;
}

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
