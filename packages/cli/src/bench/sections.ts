/** The `## ` sections of an existing benchmarks file, by title, so a partial run keeps the others. */
export function parseSections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = markdown.split(/^## /m).slice(1);
  for (const p of parts) {
    const nl = p.indexOf('\n');
    const title = (nl < 0 ? p : p.slice(0, nl)).trim();
    out.set(title, p.slice(nl + 1).trim());
  }
  return out;
}
