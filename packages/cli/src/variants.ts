/** Parses `KEY=VALUE` for --variant: numbers, booleans and JSON values are decoded, anything else stays a string. */
export function parseVariant(spec: string): [string, unknown] {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new Error(`--variant expects KEY=VALUE, got "${spec}"`);
  const key = spec.slice(0, eq);
  const raw = spec.slice(eq + 1);
  if (raw === 'true') return [key, true];
  if (raw === 'false') return [key, false];
  if (raw !== '' && !Number.isNaN(Number(raw))) return [key, Number(raw)];
  if (raw.startsWith('{') || raw.startsWith('[') || raw.startsWith('"')) {
    try { return [key, JSON.parse(raw) as unknown]; } catch { /* keep as string */ }
  }
  return [key, raw];
}
