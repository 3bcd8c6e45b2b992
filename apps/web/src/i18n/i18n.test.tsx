import { act, cleanup, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSessionDay } from '../lib/dates';
import { ENGLISH } from './catalogue';
import { I18nProvider, RedrawOnLanguageChange, useI18n } from './i18n';
import { pageLocale, setPageLocale } from './locale';

const START = new Date('2026-11-27T04:30:00.000Z');

// A memoised screen that writes a date but reads no context: the kind a language change must reach.
const SessionDay = memo(function SessionDay() {
  return <p>{formatSessionDay(START, 'Asia/Kolkata')}</p>;
});

function Switcher() {
  const { setLocale } = useI18n();
  return <button onClick={() => void setLocale('hi')}>switch</button>;
}

describe('a language change', () => {
  afterEach(() => {
    cleanup();
    setPageLocale('en');
  });

  it('redraws memoised screens in the new language, dates included', async () => {
    render(
      <I18nProvider locale="en" messages={ENGLISH}>
        <RedrawOnLanguageChange>
          <SessionDay />
        </RedrawOnLanguageChange>
        <Switcher />
      </I18nProvider>,
    );
    expect(screen.getByText('Fri 27 Nov')).toBeTruthy();
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('शुक्र, 27 नव॰')).toBeTruthy();
    expect(pageLocale()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
  });
});
