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
