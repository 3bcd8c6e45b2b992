import { describe, expect, it } from 'vitest';
import { firstSupportedLocale, intlLocale, localizedPage, negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi', 'hi'],
    ['hi-IN', 'hi'],
    ['HI_in', 'hi'],
    ['en-IN,hi;q=0.9', 'en'],
    ['hi;q=0.9,en;q=0.8', 'hi'],
    ['en;q=0.5,hi;q=0.8', 'hi'],
    ['en;q=0.8, hi;q=0.8', 'en'],
    ['hi;q=0.8, en;q=0.8', 'hi'],
    ['mr-IN,hi;q=0.7,en;q=0.3', 'hi'],
    ['mr-IN,ta;q=0.5', 'en'],
    ['fr', 'en'],
    ['hi;q=0, en;q=0.1', 'en'],
    ['hi;q=0', 'en'],
    ['*', 'en'],
    ['mr, *;q=0.5, hi;q=0.4', 'en'],
    ['hi;q=abc, en;q=0.2', 'en'],
    ['hi;q=2, en;q=0.2', 'en'],
    [';;,,', 'en'],
  ])('%j -> %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});

describe('firstSupportedLocale', () => {
  it('takes the first language Sukoon speaks, in the browser’s order', () => {
    expect(firstSupportedLocale(['mr-IN', 'hi-IN', 'en-US'])).toBe('hi');
    expect(firstSupportedLocale(['en-GB', 'hi'])).toBe('en');
    expect(firstSupportedLocale(['fr', 'de'])).toBe('en');
    expect(firstSupportedLocale([])).toBe('en');
  });
});

describe('intlLocale', () => {
  it('keeps the caller’s English and writes Hindi as hi-IN', () => {
    expect(intlLocale('en', 'en-US')).toBe('en-US');
    expect(intlLocale('en', 'en-IN')).toBe('en-IN');
    expect(intlLocale('hi', 'en-US')).toBe('hi-IN');
  });
});

describe('localizedPage', () => {
  it('names each built page’s file in a language, English’s unchanged', () => {
    expect(localizedPage('index.html', 'en')).toBe('index.html');
    expect(localizedPage('index.html', 'hi')).toBe('index.hi.html');
    expect(localizedPage('screens/patient.html', 'hi')).toBe('screens/patient.hi.html');
  });
});
