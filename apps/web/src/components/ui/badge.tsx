import type { ReactNode } from 'react';

export function Badge({
  children,
  tone = 'brand',
}: {
  children: ReactNode;
  tone?: 'brand' | 'violet';
}) {
  const colours =
    tone === 'brand' ? 'bg-brand-100 text-brand-800' : 'bg-violet-100 text-violet-800';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}
    >
      {children}
    </span>
  );
}
