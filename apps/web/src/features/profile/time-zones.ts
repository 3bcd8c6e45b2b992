import { DEFAULT_TIME_ZONE, zoneOffsetMinutes } from '@sukoon/shared';

/**
 * The time zones the profile offers: each zone once, India's first. Browsers list zones under ICU's
 * names, some of them the old spellings (Chrome reports Asia/Calcutta, the IANA name is Asia/Kolkata),
 * and a profile saved as Asia/Kolkata would otherwise show the same zone twice. Zones are grouped by
 * the name the browser resolves them to and shown under today's IANA name.
 */

/** Old names that ICU still resolves to, and the IANA names people know them by today. */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

export interface TimeZoneChoice {
  /** What is saved: today's IANA name. */
  value: string;
  /** What is shown and searched: '(UTC+05:30) Asia/Kolkata, India' ('…, भारत' in Hindi). */
  label: string;
  /** The name the browser resolves it to, shared by all of the zone's names. */
  key: string;
}

/** The name the browser resolves a zone to: the same for a zone's old and new names. */
function zoneKey(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

function offsetLabel(zone: string, at: Date): string {
  const minutes = zoneOffsetMinutes(zone, at);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Every zone once, India's first, then by name. The zones keep their IANA names (they are what a
 * search types, and what calendars show); India's is followed by the country's name in the page's
 * language (`india`).
 */
export function timeZoneChoices(
  india: string,
  supported: readonly string[] = Intl.supportedValuesOf('timeZone'),
  at: Date = new Date(),
): TimeZoneChoice[] {
  const byKey = new Map<string, string>();
  for (const zone of [DEFAULT_TIME_ZONE, ...supported]) {
    const key = zoneKey(zone);
    const name = CURRENT_NAMES[zone] ?? CURRENT_NAMES[key] ?? zone;
    if (!byKey.has(key)) byKey.set(key, name);
  }
  const indiaKey = zoneKey(DEFAULT_TIME_ZONE);
  return [...byKey.entries()]
    .sort(([a, nameA], [b, nameB]) =>
      a === indiaKey ? -1 : b === indiaKey ? 1 : nameA.localeCompare(nameB),
    )
    .map(([key, name]) => ({
      key,
      value: name,
      label: `(${offsetLabel(name, at)}) ${name.replaceAll('_', ' ')}${key === indiaKey ? `, ${india}` : ''}`,
    }));
}

/** The choice that stands for a saved zone, whichever of its names was saved. */
export function choiceFor(zone: string, choices: readonly TimeZoneChoice[]): string {
  const key = zoneKey(zone);
  return choices.find((choice) => choice.key === key)?.value ?? zone;
}

/** Choices whose label holds every word typed ('kol', 'new york', '+05:30'). */
export function filterTimeZones(
  choices: readonly TimeZoneChoice[],
  search: string,
): TimeZoneChoice[] {
  const words = search.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  return choices.filter((choice) => {
    const label = choice.label.toLowerCase().replace('−', '-');
    return words.every((word) => label.includes(word.replace('−', '-')));
  });
}
