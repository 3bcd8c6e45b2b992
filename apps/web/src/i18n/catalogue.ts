import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '@sukoon/shared';
import en from './en.json';

/**
 * The web app's words. English (`en.json`) is the source of truth and part of the first load; every
 * other language is one file beside it (`hi.json`), fetched only by someone who reads it. The
 * catalogue check (`catalogues.test.ts`) keeps each file's keys the same as English's.
 */
export type MessageKey = keyof typeof en;
/** ICU text as written, or, in the built app, text to show or a tree parsed at build time. */
export type Message = string | MessageFormatElement[];
export type Messages = Record<MessageKey, Message>;
export const ENGLISH: Messages = en;

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  hi: () => import('./hi.json'),
};

/** The catalogue of a language: English at once, another once its file has arrived. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return locale === 'en' ? ENGLISH : (await LOADERS[locale]()).default;
}
