import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';

// A tiny history router: the server falls back to index.html for unknown paths.
const listeners = new Set<() => void>();
const navigations = new Set<() => void>();

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const f of navigations) f();
  for (const f of listeners) f();
  window.scrollTo(0, 0);
}

/** Calls `f` on every route change (navigate or the browser's back/forward) before the new page renders. */
export function onNavigate(f: () => void): () => void {
  navigations.add(f);
  window.addEventListener('popstate', f);
  return () => { navigations.delete(f); window.removeEventListener('popstate', f); };
}

// The document title is "[flag · ]page heading · Tabula": the heading is the page's <h1> (PageFocus in
// App.tsx keeps it current), the flag a page's urgent state (e.g. "● Your turn").
let titleFlag: string | null = null;
let titleHeading = '';
function applyTitle(): void { document.title = [titleFlag, titleHeading, 'Tabula'].filter(Boolean).join(' · '); }
export function setTitleHeading(heading: string): void { titleHeading = heading; applyTitle(); }
export function setTitleFlag(flag: string | null): void { titleFlag = flag; applyTitle(); }

export function usePath(): { path: string; query: URLSearchParams } {
  const [, setN] = useState(0);
  useEffect(() => {
    const f = () => setN((n) => n + 1);
    listeners.add(f);
    window.addEventListener('popstate', f);
    return () => { listeners.delete(f); window.removeEventListener('popstate', f); };
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}
