import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BILL_OF_SUPPLY_STATEMENT,
  GST_STATUSES,
  PRACTICE_ADDRESS_MAX_LENGTH,
  PRACTICE_ADDRESS_MAX_LINES,
  ReceiptSettings,
  type GstStatus,
  type ReceiptSettingsData,
} from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { FIELD_CLASS } from '../../components/ui/field-class';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/i18n';
import { api, ApiError } from '../../lib/api-client';
import {
  problemText,
  serverProblemText,
  type Issue,
  type ProblemsOf,
} from '../../i18n/shared-words';

type Key = 'address' | 'gstStatus' | 'gstin' | 'form';

/** Each GST position's name. */
const LABELS: Record<GstStatus, MessageKey> = {
  not_registered: 'profile.receipts.notRegistered',
  registered: 'profile.receipts.registered',
};

/** What the receipts print (in English, as issued: the statement is BILL_OF_SUPPLY_STATEMENT). */
const HINTS: Record<GstStatus, MessageKey> = {
  not_registered: 'profile.receipts.notRegisteredHint',
  registered: 'profile.receipts.registeredHint',
};

/** A GSTIN's shape, as the field's example. */
const GSTIN_EXAMPLE = '27AAPFU0939F1ZV';

/**
 * Each field's objections by the name of the shared ReceiptSettings's check (a refinement's own name,
 * such as `addressLines`), worded from the catalogue; the server's answer names them the same.
 */
export const RECEIPT_PROBLEMS: Record<Key, ProblemsOf> = {
  address: () => ({
    tooBig: {
      key: 'profile.problem.address.tooLong',
      values: { max: PRACTICE_ADDRESS_MAX_LENGTH },
    },
    addressLines: {
      key: 'profile.problem.address.lines',
      values: { max: PRACTICE_ADDRESS_MAX_LINES },
    },
    addressControlCharacter: { key: 'profile.problem.address.control' },
    general: { key: 'profile.problem.address.general' },
  }),
  gstStatus: () => ({ general: { key: 'profile.problem.gstStatus' } }),
  gstin: () => ({
    format: { key: 'profile.problem.gstin.shape', values: { example: GSTIN_EXAMPLE } },
    gstinCheckCharacter: { key: 'profile.problem.gstin.checkCharacter' },
    gstinMissing: { key: 'profile.problem.gstin.missing' },
    general: { key: 'profile.problem.gstin.shape', values: { example: GSTIN_EXAMPLE } },
  }),
  form: () => ({ general: { key: 'profile.problem.receipts' } }),
};

/**
 * The settings' objection to a field in the page's language, by the name of the check that failed
 * (the address's and the GSTIN's two refinements each name themselves).
 */
export function receiptProblem(t: Translate, field: Key, issue: Issue): string {
  return problemText(t, RECEIPT_PROBLEMS[field](t), issue);
}

/** A field the settings have: an objection to anything else is shown for the whole form. */
function keyOf(path: string | undefined): Key {
  return path === 'address' || path === 'gstStatus' || path === 'gstin' ? path : 'form';
}

/**
 * Profile's "Receipts": the address and the tax position printed on the receipts of sessions paid
 * from now on (issued ones keep what they said). Saved on its own (PUT /api/receipts/settings);
 * Sukoon shows the psychologist's choice and gives no tax advice.
 */
export function ReceiptSettingsSection() {
  const t = useT();
  const settings = useQuery({
    queryKey: ['receipt-settings'],
    queryFn: ({ signal }) => api<ReceiptSettingsData>('GET', '/api/receipts/settings', { signal }),
  });
  if (!settings.data) {
    return settings.isError ? (
      <p role="alert" className="text-sm text-red-700">
        {t('profile.receipts.loadFailed', { message: settings.error.message })}
      </p>
    ) : null;
  }
  return <ReceiptSettingsForm saved={settings.data} />;
}

function ReceiptSettingsForm({ saved }: { saved: ReceiptSettingsData }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState(saved.address ?? '');
  const [gstStatus, setGstStatus] = useState<GstStatus>(saved.gstStatus);
  const [gstin, setGstin] = useState(saved.gstin ?? '');
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [done, setDone] = useState(false);

  const save = useMutation({
    mutationFn: (body: ReceiptSettings) =>
      api<ReceiptSettingsData>('PUT', '/api/receipts/settings', { body }),
    onSuccess: (result) => {
      queryClient.setQueryData(['receipt-settings'], result);
      setGstin(result.gstin ?? '');
      setAddress(result.address ?? '');
      setDone(true);
    },
    onError: (error) => {
      setErrors(
        error instanceof ApiError && error.details?.length
          ? Object.fromEntries(
              error.details.map((d) => {
                const key = keyOf(d.path.replace(/^body\.?/, '').split('.')[0]);
                return [key, serverProblemText(t, RECEIPT_PROBLEMS[key], d)];
              }),
            )
          : error instanceof ApiError && error.field
            ? { [keyOf(error.field)]: serverProblemText(t, RECEIPT_PROBLEMS[keyOf(error.field)]) }
            : { form: error.message },
      );
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setDone(false);
    const sent = { address, gstStatus, gstin: gstStatus === 'registered' ? gstin : null };
    const parsed = ReceiptSettings.safeParse(sent);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => {
            const key = keyOf(issue.path[0] === undefined ? undefined : String(issue.path[0]));
            return [key, receiptProblem(t, key, issue)];
          }),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const errorOf = (key: Key) =>
    errors[key] && (
      <p id={`receipt-${key}-error`} role="alert" className="text-sm text-red-700">
        {errors[key]}
      </p>
    );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="receipt-settings-heading"
      className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-4"
    >
      <h3 id="receipt-settings-heading" className="text-sm font-semibold text-slate-900">
        {t('profile.receipts.title')}
      </h3>
      <p className="text-xs text-slate-600">{t('profile.receipts.description')}</p>
      <label htmlFor="receipt-address" className="text-sm text-slate-800">
        {t('profile.receipts.address')}{' '}
        <span className="text-slate-500">{t('profile.receipts.addressNote')}</span>
      </label>
      <textarea
        id="receipt-address"
        rows={3}
        className={FIELD_CLASS}
        value={address}
        aria-invalid={errors.address ? true : undefined}
        aria-describedby={errors.address ? 'receipt-address-error' : undefined}
        onChange={(event) => setAddress(event.target.value)}
      />
      {errorOf('address')}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm text-slate-800">{t('profile.receipts.gst')}</legend>
        {GST_STATUSES.map((status) => (
          <label
            key={status}
            className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50"
          >
            <input
              type="radio"
              name="gst-status"
              className="size-4 accent-brand-700"
              checked={gstStatus === status}
              onChange={() => setGstStatus(status)}
            />
            {t(LABELS[status])}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-slate-600">
        {/* Guarded: an answer without a known position shows no hint rather than failing. */}
        {gstStatus in HINTS && t(HINTS[gstStatus], { statement: BILL_OF_SUPPLY_STATEMENT })}
      </p>
      {gstStatus === 'registered' && (
        <>
          <label htmlFor="receipt-gstin" className="text-sm text-slate-800">
            {t('profile.receipts.gstin')}
          </label>
          <input
            id="receipt-gstin"
            className={`${FIELD_CLASS} uppercase`}
            value={gstin}
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
            placeholder={GSTIN_EXAMPLE}
            aria-invalid={errors.gstin ? true : undefined}
            aria-describedby={errors.gstin ? 'receipt-gstin-error' : undefined}
            onChange={(event) => setGstin(event.target.value)}
          />
          {errorOf('gstin')}
        </>
      )}
      {errorOf('form')}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p role="status" className="mr-auto text-sm font-medium text-brand-700">
          {done ? t('profile.receipts.saved') : null}
        </p>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? t('profile.receipts.saving') : t('profile.receipts.save')}
        </Button>
      </div>
    </form>
  );
}
