// The post-game analysis in the replay view (a lazily loaded chunk): start it, follow its progress,
// then a graph of each side's estimated chance of winning and its biggest mistakes. Online games are
// analysed by the server (stored there); local ones in the bot worker (stored in this browser).
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import type { AnalysedDecisionT, AnalysisReplyT, GameAnalysisResultT, ReplayReplyT } from '@tabula/protocol';
import { api, ApiError, getAuth } from '../api/client.js';
import { analyseInWorker } from '../local/bots.js';
import { actionLabel, roleName } from '../labels.js';
import { roleColor } from '../colors.js';
import { useActionNames } from '../boards/names.js';
import './analysis.css';

export type AnalysisSource = { kind: 'online'; id: string } | { kind: 'local'; log: ReplayReplyT };

export interface AnalysisProps {
  gameId: string;
  roles: string[];
  log: ReplayReplyT;
  source: AnalysisSource;
  step: number;
  /** Jump the replay to the state before action `step`; `decision`: show the bot's alternative there. */
  onJump: (step: number, decision: AnalysedDecisionT | null) => void;
}

type Status = { status: AnalysisReplyT['status']; done: number; total: number; iterations?: number; result?: GameAnalysisResultT; error?: string };

const POLL_MS = 1000;
const LOCAL_KEY = 'tabula.analysis:';

/** A short stable key of a local game's log (FNV-1a of its JSON). */
function localKey(log: ReplayReplyT): string {
  const text = JSON.stringify([log.game, log.seed, log.options, log.actions]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return `${LOCAL_KEY}${h.toString(36)}:${log.actions.length}`;
}

function loadLocal(log: ReplayReplyT): GameAnalysisResultT | null {
  try {
    const s = localStorage.getItem(localKey(log));
    return s ? (JSON.parse(s) as GameAnalysisResultT) : null;
  } catch {
    return null;
  }
}

const pct = (x: number | null): string => (x === null ? '?' : `${Math.round(x * 100)}%`);

export default function Analysis(props: AnalysisProps) {
  const { t } = useTranslation();
  const { source, log } = props;
  const total = log.actions.length;
  const [st, setSt] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);

  const errText = (e: unknown): string => (e instanceof ApiError ? i18next.t(`error.${e.code}`, { defaultValue: e.message }) : e instanceof Error ? e.message : String(e));

  // Online: follow the server's row while it is queued or running.
  const poll = (id: string): void => {
    api.analysis(id).then((r) => {
      if (!alive.current) return;
      setSt(r);
      if (r.status === 'queued' || r.status === 'running') setTimeout(() => poll(id), POLL_MS);
    }, (e: unknown) => alive.current && setError(errText(e)));
  };

  useEffect(() => {
    if (source.kind === 'online') poll(source.id);
    else {
      const r = loadLocal(source.log);
      setSt(r ? { status: 'done', done: total, total, result: r, iterations: r.iterations } : { status: 'none', done: 0, total });
    }
  }, [source.kind === 'online' ? source.id : localKey(source.log)]);

  const start = (): void => {
    setError(null);
    if (source.kind === 'online') {
      api.startAnalysis(source.id).then((r) => { if (!alive.current) return; setSt(r); if (r.status !== 'done') setTimeout(() => poll(source.id), POLL_MS); },
        (e: unknown) => alive.current && setError(errText(e)));
      return;
    }
    setSt({ status: 'running', done: 0, total });
    analyseInWorker(source.log, `local:${source.log.seed}`, (done, all) => alive.current && setSt({ status: 'running', done, total: all })).then((r) => {
      try { localStorage.setItem(localKey(source.log), JSON.stringify(r)); } catch { /* storage full: shown, not kept */ }
      if (alive.current) setSt({ status: 'done', done: total, total, result: r, iterations: r.iterations });
    }, (e: unknown) => alive.current && setSt({ status: 'failed', done: 0, total, error: errText(e) }));
  };

  let body;
  if (!st) body = <p className="muted">{t('common.loading')}</p>;
  else if (st.status === 'none' || st.status === 'failed') {
    const canStart = source.kind === 'local' || getAuth() !== null;
    body = (
      <>
        {st.status === 'failed' && <p className="error" role="alert">{t('analysis.failed', { error: st.error ?? '' })}</p>}
        {canStart ? <button type="button" onClick={start} data-testid="analysis-start">{t('analysis.start')}</button> : <p className="muted">{t('analysis.signIn')}</p>}
      </>
    );
  } else if (st.status === 'queued' || st.status === 'running') {
    body = (
      <div data-testid="analysis-progress">
        <p className="muted" role="status">{st.status === 'queued' ? t('analysis.queued') : t('analysis.running', { done: st.done, total: st.total })}</p>
        <progress max={Math.max(1, st.total)} value={st.done} aria-label={t('analysis.title')} />
      </div>
    );
  } else if (st.result) {
    body = <AnalysisResult {...props} result={st.result} />;
  }
  return (
    <section className="analysis" aria-labelledby="analysis-heading" data-testid="analysis">
      <h3 id="analysis-heading">{t('analysis.title')}</h3>
      {error && <p className="error" role="alert">{error}</p>}
      {body}
    </section>
  );
}

const W = 1000, H = 260, PAD = 8, AXIS = 64;

function AnalysisResult({ gameId, roles, log, step, onJump, result }: AnalysisProps & { result: GameAnalysisResultT }) {
  const { t } = useTranslation();
  useActionNames(gameId);
  const total = Math.max(1, log.actions.length);
  const x = (i: number): number => AXIS + (i / total) * (W - AXIS - PAD);
  const y = (v: number): number => PAD + (1 - v) * (H - 2 * PAD);
  const byIndex = new Map(result.decisions.map((d) => [d.index, d]));
  const mistakes = result.mistakes.map((i) => byIndex.get(i)).filter((d): d is AnalysedDecisionT => !!d);
  const click = (e: MouseEvent<SVGSVGElement>): void => {
    const box = e.currentTarget.getBoundingClientRect();
    const fx = ((e.clientX - box.left) / box.width) * W;
    const s = Math.round(((fx - AXIS) / (W - AXIS - PAD)) * total);
    onJump(Math.max(0, Math.min(log.actions.length, s)), null);
  };
  const here = byIndex.get(step);
  return (
    <>
      <p className="small muted">{t('analysis.about', { iterations: result.iterations })}</p>
      <svg className="analysis-graph" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('analysis.graph')} onClick={click} data-testid="analysis-graph">
        <title>{t('analysis.graph')}</title>
        <rect x={0} y={0} width={W} height={H} className="analysis-bg" />
        <line x1={AXIS} x2={W - PAD} y1={y(0.5)} y2={y(0.5)} className="analysis-mid" />
        {[1, 0.5, 0].map((v) => <text key={v} x={AXIS - 6} y={y(v) + 6} textAnchor="end" className="analysis-axis">{pct(v)}</text>)}
        {roles.map((r, i) => {
          const pts = result.decisions.filter((d) => d.role === r).map((d) => `${x(d.index).toFixed(1)},${y(d.before).toFixed(1)}`);
          return pts.length ? <polyline key={r} points={pts.join(' ')} fill="none" stroke={roleColor(r, i)} strokeWidth={3.5} data-role={r} /> : null;
        })}
        {mistakes.map((d) => (
          <circle key={d.index} cx={x(d.index)} cy={y(d.after ?? d.before)} r={8} className="analysis-mistake-dot" data-testid="analysis-mistake-dot" />
        ))}
        <line x1={x(step)} x2={x(step)} y1={0} y2={H} className="analysis-now" />
      </svg>
      <ul className="analysis-legend small">
        {roles.map((r, i) => <li key={r}><span className="analysis-swatch" style={{ background: roleColor(r, i) }} aria-hidden="true" /> {roleName(t, gameId, r)}</li>)}
      </ul>
      {here && (
        <p className="small" data-testid="analysis-here">
          {t('analysis.atStep', { step: here.index + 1, role: roleName(t, gameId, here.role), chance: pct(here.before), best: here.best === null ? actionLabel(t, gameId, here.taken) : actionLabel(t, gameId, here.best) })}
        </p>
      )}
      <h4>{t('analysis.mistakes')}</h4>
      {mistakes.length === 0 ? <p className="muted small">{t('analysis.noMistakes')}</p> : (
        <ol className="analysis-mistakes">
          {mistakes.map((d) => (
            <li key={d.index}>
              <button type="button" className={step === d.index ? 'current' : undefined} onClick={() => onJump(d.index, d)} data-testid="analysis-mistake" data-step={d.index}>
                {t('analysis.mistake', {
                  step: d.index + 1, role: roleName(t, gameId, d.role), taken: actionLabel(t, gameId, d.taken),
                  before: pct(d.before), after: pct(d.after), best: actionLabel(t, gameId, d.best),
                })}
              </button>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
