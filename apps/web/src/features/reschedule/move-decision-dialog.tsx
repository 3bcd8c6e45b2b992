import { useState, type ReactNode } from 'react';
import {
  formatInr,
  type EmailedMoveDecisionBody,
  type MoveDecision,
  type MoveDecisionBody,
  type MoveDecisionResult,
} from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { api, ApiError } from '../../lib/api-client';

/** POST /api/bookings/{id}/move-decision: the signed-in patient keeps a moved session or cancels. */
function decideMove(id: string, decision: MoveDecision) {
  const body: MoveDecisionBody = { decision };
  return api<MoveDecisionResult>('POST', `/api/bookings/${id}/move-decision`, { body });
}

/** POST /api/move-decisions: the same answer from the email's link, without signing in. */
function decideEmailedMove(token: string, decision: MoveDecision) {
  const body: EmailedMoveDecisionBody = { token, decision };
  return api<MoveDecisionResult>('POST', '/api/move-decisions', { body });
}

interface MoveDecisionDialogProps {
  /** The signed-in patient's session, or the token of the email's link (no sign-in needed). */
  source: { kind: 'session'; bookingId: string } | { kind: 'email'; token: string };
  /** The answer to confirm; without it the dialog first offers both. */
  decision?: MoveDecision | undefined;
  /** "Dr X moved this session from … to …", when the app knows the session. */
  summary?: ReactNode;
  /** The answer was taken: refresh the calendar and the lists. */
  onChanged?: () => Promise<unknown>;
  onClose: () => void;
}

const QUESTION: Record<MoveDecision, MessageKey> = {
  keep: 'reschedule.decision.keepQuestion',
  cancel: 'reschedule.decision.cancelQuestion',
};

function resultText(t: Translate, result: MoveDecisionResult): string {
  if (result.decision === 'keep') return t('reschedule.decision.kept');
  return result.refund_paise
    ? t('reschedule.decision.canceledRefund', { amount: formatInr(result.refund_paise) })
    : t('reschedule.decision.canceled');
}

/**
 * The patient's answer to a time their psychologist moved a session to (issue 18): keep it, or cancel
 * with a full refund. Opened from the session (signed in) or from the email's links.
 */
export function MoveDecisionDialog({
  source,
  decision,
  summary,
  onChanged,
  onClose,
}: MoveDecisionDialogProps) {
  const t = useT();
  const [chosen, setChosen] = useState<MoveDecision | null>(decision ?? null);
  const [working, setWorking] = useState(false);
  const [result, setResult] = useState<MoveDecisionResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server refused for good (link used, no move to answer, session gone): only Close is left.
  const [final, setFinal] = useState(false);
  const close = () => {
    if (!working) onClose();
  };

  async function answer(decision: MoveDecision) {
    setError(null);
    setWorking(true);
    try {
      const data =
        source.kind === 'session'
          ? await decideMove(source.bookingId, decision)
          : await decideEmailedMove(source.token, decision);
      await onChanged?.().catch(() => undefined);
      setResult(data);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('reschedule.genericError'));
      setFinal(caught instanceof ApiError && [404, 409, 410].includes(caught.status));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && close()} title={t('reschedule.decision.title')}>
      <div className="flex flex-col gap-4">
        {summary && <p className="text-sm text-slate-700">{summary}</p>}
        {result ? (
          <>
            <Notice tone="success">{resultText(t, result)}</Notice>
            <Button onClick={close} className="w-full sm:w-auto sm:self-end">
              {t('reschedule.doneButton')}
            </Button>
          </>
        ) : chosen === null ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setChosen('cancel')}>
              {t('reschedule.decision.cancel')}
            </Button>
            <Button onClick={() => setChosen('keep')}>{t('reschedule.decision.keep')}</Button>
          </div>
        ) : (
          <>
            <p className="font-medium text-slate-900">{t(QUESTION[chosen])}</p>
            {error && <Notice tone="error">{error}</Notice>}
            {final ? (
              <Button variant="secondary" onClick={close} className="w-full sm:w-auto sm:self-end">
                {t('reschedule.close')}
              </Button>
            ) : (
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" disabled={working} onClick={close}>
                  {t('reschedule.decision.notNow')}
                </Button>
                <Button
                  variant={chosen === 'cancel' ? 'danger' : 'primary'}
                  disabled={working}
                  onClick={() => void answer(chosen)}
                >
                  {t(
                    working
                      ? 'reschedule.decision.sending'
                      : chosen === 'keep'
                        ? 'reschedule.decision.keep'
                        : 'reschedule.decision.cancel',
                  )}
                </Button>
              </div>
            )}
            <p role="status" className="sr-only">
              {working ? t('reschedule.decision.sendingAnswer') : ''}
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
