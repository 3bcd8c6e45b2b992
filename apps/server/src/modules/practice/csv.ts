import { istDate } from '@sukoon/shared';

/**
 * CSV that a spreadsheet opens as meant (RFC 4180): UTF-8 with a byte order mark (Excel reads the
 * rupee sign and Indian names right only with it), CRLF line ends, every text cell quoted with its
 * quotes doubled, so commas, quotes and line breaks in a name stay inside their cell. A text cell that
 * begins with = + - @ (or a tab or carriage return) is a formula to a spreadsheet: it gets a leading
 * apostrophe (OWASP's CSV injection advice), so it shows as the text it is.
 */
/** Text, or a number we formatted ourselves (written bare, e.g. `{ number: '1500.00' }`). */
export type CsvCell = string | { number: string } | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

function cell(value: CsvCell): string {
  if (value === null) return '';
  return typeof value === 'string' ? textCell(value) : value.number;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** DD-MM-YYYY of the instant in IST, as Indian accountants write dates. */
export function csvDate(instant: Date): string {
  const { year, month, day } = istDate(instant);
  return `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
}

/** HH:MM (24-hour) of the instant in IST. */
export function csvTime(instant: Date): string {
  const { hour, minute } = istDate(instant);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Rupees with two decimals and no grouping or sign, e.g. 1500.00: a number to any spreadsheet. */
export function csvRupees(paise: number): { number: string } {
  return { number: (paise / 100).toFixed(2) };
}
