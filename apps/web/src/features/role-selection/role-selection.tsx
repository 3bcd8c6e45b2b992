import { useEffect, useRef, type ReactNode } from 'react';
import type { Role } from '@sukoon/shared';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/i18n';

const CARDS: Array<{ role: Role; title: MessageKey; description: MessageKey; icon: string }> = [
  {
    role: 'patient',
    title: 'roleSelection.patient.title',
    description: 'roleSelection.patient.description',
    icon: 'M12 21s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 11c0 5.65-7 10-7 10z',
  },
  {
    role: 'psychologist',
    title: 'roleSelection.psychologist.title',
    description: 'roleSelection.psychologist.description',
    icon: 'M8 4h8v4H8zM5 8h14v12H5zM12 11v6M9 14h6',
  },
];

interface RoleSelectionProps {
  onSelect: (role: Role) => void;
  /** Said above the cards, e.g. that an account was just deleted. */
  notice?: string | undefined;
  /** The role whose dashboard (or sign-in) the visitor just left: its card takes focus. */
  returnedFrom?: Role | undefined;
  /** The language switcher, above the heading. */
  languageSwitcher?: ReactNode;
}

export function RoleSelection({
  onSelect,
  notice,
  returnedFrom,
  languageSwitcher,
}: RoleSelectionProps) {
  const t = useT();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const cardRefs = useRef<Partial<Record<Role, HTMLButtonElement | null>>>({});
  // The dialog or dashboard that led here is gone: focus the message so it is read out, or the card
  // of the role just left, so the keyboard carries on from where it was.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
    else if (returnedFrom) cardRefs.current[returnedFrom]?.focus();
  }, [notice, returnedFrom]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12">
      <div className="w-full max-w-3xl text-center">
        {languageSwitcher && <div className="mb-8 flex justify-center">{languageSwitcher}</div>}
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
          {t('roleSelection.brand')}
        </p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">
          {t('roleSelection.title')}
        </h1>
        <p className="mt-3 text-base text-slate-600 sm:text-lg">{t('roleSelection.subtitle')}</p>
        {notice && (
          <p
            ref={noticeRef}
            role="status"
            tabIndex={-1}
            className="mx-auto mt-6 max-w-xl rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 focus:outline-none"
          >
            {notice}
          </p>
        )}
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 sm:gap-6">
          {CARDS.map((card) => (
            <li key={card.role}>
              <button
                ref={(element) => {
                  cardRefs.current[card.role] = element;
                }}
                type="button"
                onClick={() => onSelect(card.role)}
                className="group flex h-full w-full flex-col items-center rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:p-8"
              >
                <span className="grid size-14 place-items-center rounded-full bg-brand-100 text-brand-700 group-hover:bg-brand-700 group-hover:text-white">
                  <svg
                    viewBox="0 0 24 24"
                    className="size-7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d={card.icon} />
                  </svg>
                </span>
                <span className="mt-4 text-xl font-semibold text-slate-900">{t(card.title)}</span>
                <span className="mt-2 text-sm text-slate-600">{t(card.description)}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-sm text-slate-500">{t('roleSelection.footer')}</p>
      </div>
    </main>
  );
}
