/**
 * The `format` values the A2UI specification uses (plus a few common ones), checked as
 * Draft 2020-12's format-assertion vocabulary would. Any other format is a `CatalogError`.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const URI_CHARS = /^[^\s<>"{}|\\^`]*$/;

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (match === null) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3]) <= 60;
}

function isDateTime(text: string): boolean {
  const split = text.search(/[tT]/);
  return split === 10 && isDate(text.slice(0, 10)) && isTime(text.slice(11));
}

/** Format checkers by format name. */
export const FORMAT_CHECKS: Readonly<Record<string, (text: string) => boolean>> = {
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
  uri: (text) => SCHEME.test(text) && URI_CHARS.test(text),
  'uri-reference': (text) => URI_CHARS.test(text),
  email: (text) => EMAIL.test(text),
  uuid: (text) => UUID.test(text),
};
