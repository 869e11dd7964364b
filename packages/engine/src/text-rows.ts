/** One text per row in the four languages, side by side: [key, en, de, es, zh-Hans]. */
export type TextRow = [key: string, en: string, de: string, es: string, zh: string];
export type TextTables = Record<'en' | 'de' | 'es' | 'zh-Hans', Record<string, string>>;

/** Rows of texts in four languages as one table per language. */
export function textTables(rows: readonly TextRow[]): TextTables {
  const out: TextTables = { en: {}, de: {}, es: {}, 'zh-Hans': {} };
  for (const [k, en, de, es, zh] of rows) {
    out.en[k] = en; out.de[k] = de; out.es[k] = es; out['zh-Hans'][k] = zh;
  }
  return out;
}
