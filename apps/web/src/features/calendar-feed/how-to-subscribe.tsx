import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';

/**
 * Where each calendar app subscribes to an address (docs/features.md, "Subscribing to your
 * sessions"). The apps' names, and their menus' in the steps, are as the apps show them.
 */
const STEPS: Array<{ app: string; how: MessageKey }> = [
  { app: 'Google Calendar', how: 'feed.howTo.google' },
  { app: 'Apple Calendar', how: 'feed.howTo.apple' },
  { app: 'Outlook', how: 'feed.howTo.outlook' },
];

export function HowToSubscribe() {
  const t = useT();
  return (
    <details className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700 open:pb-3">
      <summary className="cursor-pointer font-semibold text-slate-900">
        {t('feed.howTo.title')}
      </summary>
      <ul className="mt-2 flex flex-col gap-2">
        {STEPS.map((step) => (
          <li key={step.app}>
            <span className="font-medium text-slate-900">{step.app}:</span> {t(step.how)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">{t('feed.howTo.timing')}</p>
    </details>
  );
}
