// Reads the glossary tables in docs/glossary/*.md (format in docs/glossary/README.md).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const docs = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/glossary');

/** The rows of a glossary file's table: { lang, term, source, keys[], forbidden[] }. */
export function readGlossary(file) {
  const rows = [];
  for (const line of readFileSync(join(docs, file), 'utf8').split('\n')) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 5 || cells[0] === 'lang' || /^-+$/.test(cells[0])) continue;
    const [lang, term, source, keys, forbidden] = cells;
    rows.push({ lang, term, source, keys: keys.split(',').map((k) => k.trim()).filter(Boolean),
      forbidden: forbidden === '—' ? [] : forbidden.split(',').map((f) => f.trim()).filter(Boolean) });
  }
  return rows;
}

