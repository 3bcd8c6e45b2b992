import { useId, useRef, useState } from 'react';
import type { CalendarFeedLink } from '@sukoon/shared';
import { Button } from '../../components/ui/button';

/**
 * The feed's address, shown once after turning on or resetting: Copy link, and Subscribe, which hands
 * the webcal:// address to the device's calendar app.
 */
export function FeedLink({ link }: { link: CalendarFeedLink }) {
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
        Your private feed link
      </label>
      <input
        id={inputId}
        ref={input}
        readOnly
        value={link.url}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <p className="text-xs text-slate-600">
        Shown only now: copy it into your calendar app. If you lose it, reset the link for a new
        one.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="shrink-0 whitespace-nowrap" onClick={() => void copy()}>
          Copy link
        </Button>
        <a
          href={link.webcalUrl}
          aria-label="Subscribe in your calendar app"
          className="inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Subscribe
        </a>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {copied === 'yes'
          ? 'Link copied.'
          : copied === 'no'
            ? 'Copying is not available here: the link is selected, copy it with Ctrl+C (⌘C on a Mac).'
            : ''}
      </p>
    </div>
  );
}
