// A readable, collapsible rendering of any view (plain JSON data).
function isPrimitive(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function Prim({ v }: { v: unknown }) {
  if (v === null || v === undefined) return <span className="vt-null">–</span>;
  if (typeof v === 'boolean') return <span className="vt-bool">{v ? '✓' : '✗'}</span>;
  if (typeof v === 'number') return <span className="vt-num">{v}</span>;
  return <span className="vt-str">{String(v)}</span>;
}

export function ViewTree({ value, name, depth = 0 }: { value: unknown; name?: string; depth?: number }) {
  if (isPrimitive(value)) {
    return <div className="vt-row">{name !== undefined && <span className="vt-key">{name}: </span>}<Prim v={value} /></div>;
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value as object);
  if (Array.isArray(value) && value.every(isPrimitive)) {
    return (
      <div className="vt-row">{name !== undefined && <span className="vt-key">{name}: </span>}
        {value.length === 0 ? <span className="vt-null">[]</span> : value.map((v, i) => <span key={i} className="vt-chip"><Prim v={v} /></span>)}
      </div>
    );
  }
  return (
    <details className="vt" open={depth < 1}>
      <summary><span className="vt-key">{name ?? ''}</span> <span className="vt-size">{Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`}</span></summary>
      <div className="vt-body">
        {entries.map(([k, v]) => <ViewTree key={k} name={k} value={v} depth={depth + 1} />)}
      </div>
    </details>
  );
}
