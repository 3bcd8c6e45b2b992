import { LOCALE_LABELS, LOCALES, type Locale } from '@sukoon/shared';
import { useChooseLocale, useI18n } from '../../i18n/i18n';

/**
 * The languages side by side, each named in its own script (English / हिन्दी), the current one
 * pressed. The language's words are fetched, then `onChosen` runs (signed in: it saves the choice to
 * the account), then the page switches; when either fails it stays as it was, saying so.
 */
export function LanguageSwitcher({
  onChosen,
  className = '',
}: {
  onChosen?: ((locale: Locale) => Promise<unknown>) | undefined;
  className?: string;
}) {
  const { locale, t } = useI18n();
  const { choose, problem } = useChooseLocale(onChosen);
  return (
    <div className={`flex flex-col items-center gap-1 ${className}`}>
      <div role="group" aria-label={t('language.label')} className="flex gap-1">
        {LOCALES.map((option) => (
          <button
            key={option}
            type="button"
            lang={option}
            aria-pressed={option === locale}
            onClick={() => {
              if (option === locale) return;
              void choose(option);
            }}
            className="min-h-9 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-700 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {LOCALE_LABELS[option]}
          </button>
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
