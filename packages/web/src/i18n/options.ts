/**
 * The i18next options the client runs with (also used by the tests that render log lines in Node).
 * Keys are flat ("lobby.title", and the games' "rule.<code>" / "log.<key>"), so no key separator.
 * Lists (players who score) are joined with i18next's built-in "list" format, i.e. Intl.ListFormat.
 */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  load: 'currentOnly',
  ns: ['ui'],
  defaultNS: 'ui',
  keySeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
