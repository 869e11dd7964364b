// Dates in the account's language (the page's i18n language, synced with the account) and, within that
// language, the browser's regional variant when it has one (en-GB, es-MX): Intl.DateTimeFormat's medium style.

/** The locale for dates: the first of the browser's locales in `lang`, else `lang` itself. */
export function dateLocale(lang: string): string {
  const base = lang.split('-')[0]!.toLowerCase();
  const nav = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  const match = nav.find((l) => l.split('-')[0]!.toLowerCase() === base);
  if (lang.includes('-')) return lang; // zh-Hans: the script is part of the language
  return match ?? lang;
}

export function formatDate(at: string | number | Date, lang: string): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' }).format(new Date(at));
}

export function formatDateTime(at: string | number | Date, lang: string): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}

/** Date and time with the viewer's time zone named ("Dec 7, 2026, 9:00 PM CET"): for times people meet at. */
export function formatDateTimeZone(at: string | number | Date, lang: string): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(at));
}
