import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gameIds, manifestOf } from '../games.js';
import { gameName } from '../labels.js';
import { Link } from '../router.js';
import { hasReference, loadRules } from '../rules/index.js';
import { RULE_REF, isChapter, refParts, ruleAnchor, type RulesDoc } from '../rules/types.js';

export function RulesHelp({ gameId, short }: { gameId: string; short?: boolean }) {
  const { t } = useTranslation();
  const points = t(`rules.${gameId}.points`, { returnObjects: false, defaultValue: '' }).split('\n').filter(Boolean);
  return (
    <section className="panel rules" data-testid={`rules-${gameId}`}>
      <h2>{gameName(t, gameId)}</h2>
      <p>{t(`rules.${gameId}.summary`)}</p>
      {!short && points.length > 0 && <ul>{points.map((p, i) => <li key={i}>{p}</li>)}</ul>}
      <ul className="small rules-links">
        {(manifestOf(gameId)?.links ?? []).map((l) => {
          const args = { part: l.part, site: l.site, lang: t(`rules.lang.${l.lang}`) };
          return (
            <li key={l.href}>
              <a href={l.href} hrefLang={l.lang} target="_blank" rel="noopener noreferrer" data-testid="rules-full-link">
                {l.part ? t('rules.fullPart', args) : t('rules.full', args)}<span className="sr-only"> {t('rules.newTab')}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A paragraph with its cross references "(5.41)" turned into links to those sections. */
function withRefs(text: string, ids: Set<string>): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(RULE_REF)) {
    const parts = refParts(m[2]!);
    if (!parts.every((p, i) => i % 2 === 1 || ids.has(p))) continue;
    out.push(text.slice(last, m.index), m[1]);
    parts.forEach((p, i) => out.push(i % 2 ? p : <a key={`${m.index}-${i}`} href={`#${ruleAnchor(p)}`}>{p}</a>));
    out.push(m[3]);
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/**
 * The numbered reference of one game: a table of contents and one anchored section per rule number.
 * `section`: the rule to show (scrolled to, marked and focused), else the one the page's #anchor names.
 */
export function RulesReference({ gameId, section }: { gameId: string; section?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [doc, setDoc] = useState<RulesDoc | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    setDoc(null);
    loadRules(gameId, lang).then((d) => { if (live) setDoc(d ?? 'failed'); }, () => { if (live) setDoc('failed'); });
    return () => { live = false; };
  }, [gameId, lang]);
  // A link such as /rules/hammer-of-the-scots#r5-32 scrolls to its section once the text is there.
  useEffect(() => {
    if (!doc || doc === 'failed') return;
    const anchor = section !== undefined ? ruleAnchor(section) : location.hash ? decodeURIComponent(location.hash.slice(1)) : null;
    const el = anchor ? document.getElementById(anchor) : null;
    el?.scrollIntoView({ block: 'start' });
    if (section !== undefined) el?.focus({ preventScroll: true });
  }, [doc, section]);
  if (doc === 'failed') return <p role="alert">{t('rules.loadFailed')}</p>;
  if (!doc) return <p className="muted" role="status">{t('rules.loading')}</p>;
  const chapters = doc.sections.filter((s) => isChapter(s.id));
  const ids = new Set(doc.sections.map((s) => s.id));
  return (
    <section className="rules-ref" data-testid="rules-reference" aria-labelledby="rules-ref-title">
      <h2 id="rules-ref-title">{doc.title}</h2>
      <p>{doc.intro}</p>
      <nav aria-label={t('rules.contents')} className="panel rules-toc">
        <h3>{t('rules.contents')}</h3>
        <ol>
          {chapters.map((s) => <li key={s.id}><a href={`#${ruleAnchor(s.id)}`}>{s.id} {s.title}</a></li>)}
        </ol>
      </nav>
      {doc.sections.map((s) => {
        const H = isChapter(s.id) ? 'h3' : 'h4';
        return (
          <section key={s.id} id={ruleAnchor(s.id)} className={`rule${isChapter(s.id) ? ' chapter' : ''}${s.id === section ? ' current' : ''}`} data-rule={s.id}
            tabIndex={s.id === section ? -1 : undefined} aria-current={s.id === section ? 'true' : undefined}>
            {(s.also ?? []).map((a) => <span key={a} id={ruleAnchor(a)} />)}
            <H><a href={`#${ruleAnchor(s.id)}`} className="rule-no">{s.id}</a> {s.title}
              {s.also && <span className="rule-also"> ({s.also.map((a) => a.replace(/^fn(\d+)$/, 'fn. $1')).join(', ')})</span>}</H>
            {s.text.map((p, i) => <p key={i}>{withRefs(p, ids)}</p>)}
          </section>
        );
      })}
    </section>
  );
}

export function Rules({ gameId }: { gameId?: string }) {
  const { t } = useTranslation();
  const ids = gameId ? [gameId] : gameIds();
  return (
    <div className="narrow">
      <h1>{t('rules.title')}</h1>
      <p className="muted">{t('rules.intro')}</p>
      {ids.map((id) => (
        <div key={id}>
          <RulesHelp gameId={id} />
          {manifestOf(id)?.tutorials && <p><Link to={`/learn/${id}`} className="button" data-testid={`learn-${id}`}>{t('learn.link')}: {gameName(t, id)}</Link></p>}
          {!gameId && hasReference(id) && <p><Link to={`/rules/${id}`}>{t('rules.readReference')}: {gameName(t, id)}</Link></p>}
        </div>
      ))}
      {gameId && hasReference(gameId) && <RulesReference gameId={gameId} />}
      {gameId && <Link to="/rules">{t('rules.all')}</Link>}
    </div>
  );
}
