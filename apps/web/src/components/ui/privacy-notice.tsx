import { useId, useState } from 'react';
import { PRIVACY_NOTICE } from '@sukoon/shared';

/**
 * The privacy notice of `@sukoon/shared`: its title, one line on what it covers, and its points behind
 * a toggle so a phone's registration form stays short. Shared by registration (where consent is
 * given) and the Privacy & data dialog (where it can be read again).
 */
export function PrivacyNotice() {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const pointsId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {PRIVACY_NOTICE.title}
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        What we collect and why, who sees it, and your rights, in {PRIVACY_NOTICE.points.length}{' '}
        short points.
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={pointsId}
        onClick={() => setOpen((shown) => !shown)}
        className="mt-2 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        {open ? 'Hide the privacy notice' : 'Read the privacy notice'}
      </button>
      <ul
        id={pointsId}
        hidden={!open}
        className="mt-2 list-disc space-y-2 pl-5 text-sm leading-relaxed text-slate-700"
      >
        {PRIVACY_NOTICE.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}
