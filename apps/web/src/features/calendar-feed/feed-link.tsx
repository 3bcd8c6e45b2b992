import { useId, useRef, useState } from 'react';
import type { CalendarFeedLink } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';

/**
 * The feed's address, shown once after turning on or resetting: Copy link, and Subscribe, which hands
 * the webcal:// address to the device's calendar app.
 */
export function FeedLink({ link }: { link: CalendarFeedLink }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      // No clipboard here (an older browser, a denied permission): select it to copy by hand.
      input.current?.select();
      setCopied('no');
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-brand-100 bg-brand-50 p-4">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
        {t('feed.link.label')}
      </label>
      <input
        id={inputId}
        ref={input}
        readOnly
        value={link.url}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <p className="text-xs text-slate-600">{t('feed.link.shownOnce')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="shrink-0 whitespace-nowrap" onClick={() => void copy()}>
          {t('feed.link.copy')}
        </Button>
        <a
          href={link.webcalUrl}
          aria-label={t('feed.link.subscribeLabel')}
          className="inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('feed.link.subscribe')}
        </a>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {copied === 'yes'
          ? t('feed.link.copied')
          : copied === 'no'
            ? t('feed.link.copyUnavailable')
            : ''}
      </p>
    </div>
  );
}
