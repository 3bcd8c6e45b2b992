import { useId, useState } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n } from '../../i18n/i18n';

/**
 * The privacy notice's points, as `PRIVACY_NOTICE` of `@sukoon/shared` words them in English (the
 * catalogue's English is held to it by privacy-notice.test.tsx): a legal text, translated plainly,
 * the English prevailing.
 */
const POINTS: MessageKey[] = [
  'privacy.notice.point1',
  'privacy.notice.point2',
  'privacy.notice.point3',
  'privacy.notice.point4',
  'privacy.notice.point5',
];

/**
 * The privacy notice: its title, one line on what it covers, and its points behind a toggle so a
 * phone's registration form stays short. Shared by registration (where consent is given) and the
 * Privacy & data dialog (where it can be read again). In another language than English it says the
 * English text is the one that counts.
 */
export function PrivacyNotice() {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const pointsId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('privacy.notice.title')}
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        {t('privacy.notice.summary', { count: POINTS.length })}
      </p>
      {locale !== 'en' && (
        <p className="mt-1 text-xs text-slate-600">{t('privacy.translationNote')}</p>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={pointsId}
        onClick={() => setOpen((shown) => !shown)}
        className="mt-2 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        {open ? t('privacy.notice.hide') : t('privacy.notice.show')}
      </button>
      <ul
        id={pointsId}
        hidden={!open}
        className="mt-2 list-disc space-y-2 pl-5 text-sm leading-relaxed text-slate-700"
      >
        {POINTS.map((point) => (
          <li key={point}>{t(point)}</li>
        ))}
      </ul>
    </section>
  );
}
