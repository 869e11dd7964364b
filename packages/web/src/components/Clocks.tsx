import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClockT, TimeControlT } from '@tabula/protocol';
import { CLAIM_AFTER_DISCONNECT_MS, CORRESPONDENCE_PRESETS, LIVE_BASE_SECONDS, LIVE_INCREMENT_SECONDS, LIVE_PRESETS } from '@tabula/protocol/limits';
import { roleName } from '../labels.js';

export { CLAIM_AFTER_DISCONNECT_MS };

/** "5+3", "3 days / move", "" for none: how the lobby and the game name a time control. */
export function timeControlText(t: (k: string, o?: Record<string, unknown>) => string, tc: TimeControlT | undefined): string {
  if (!tc || tc.kind === 'none') return '';
  if (tc.kind === 'live') {
    const base = tc.baseSeconds % 60 === 0 ? String(tc.baseSeconds / 60) : `${Math.floor(tc.baseSeconds / 60)}:${String(tc.baseSeconds % 60).padStart(2, '0')}`;
    return t('clock.live', { base, inc: tc.incrementSeconds });
  }
  return t('clock.correspondence', { count: tc.days });
}

/**
 * What is wrong with a time control, in words (null: nothing), checked against the server's bounds; `serverMessage`:
 * the field a 400 answer names ("body/timeControl/baseSeconds must be >= 15"), for bounds the client did not know.
 */
export function timeControlProblem(t: (k: string, o?: Record<string, unknown>) => string, tc: TimeControlT, serverMessage = ''): string | null {
  const base = tc.kind === 'live' && (tc.baseSeconds < LIVE_BASE_SECONDS.min || tc.baseSeconds > LIVE_BASE_SECONDS.max);
  const inc = tc.kind === 'live' && (tc.incrementSeconds < LIVE_INCREMENT_SECONDS.min || tc.incrementSeconds > LIVE_INCREMENT_SECONDS.max);
  if (base || /timeControl\/baseSeconds/.test(serverMessage)) return t('clock.badBase', { min: LIVE_BASE_SECONDS.min, max: LIVE_BASE_SECONDS.max });
  if (inc || /timeControl\/incrementSeconds/.test(serverMessage)) return t('clock.badIncrement', { min: LIVE_INCREMENT_SECONDS.min, max: LIVE_INCREMENT_SECONDS.max });
  return null;
}

/** m:ss under an hour, h:mm:ss under a day, else "2d 5h". */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/**
 * One clock per seat, counting the running seats down in the browser from the server's numbers (counted
 * from when they arrived, so the browser's own clock setting does not matter). The server alone flags.
 */
export function Clocks({ gameId, clock, finished }: { gameId: string; clock: ClockT; finished: boolean }) {
  const { t } = useTranslation();
  const [received, setReceived] = useState(() => performance.now());
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => { setReceived(performance.now()); setNow(performance.now()); }, [clock]);
  useEffect(() => {
    if (finished || clock.running.length === 0) return;
    const id = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(id);
  }, [clock, finished]);
  const elapsed = Math.max(0, now - received);
  return (
    <div className="clocks" data-testid="clocks" aria-label={t('clock.title')}>
      <span className="muted small">{timeControlText(t, clock.control)}</span>
      {Object.entries(clock.remaining).map(([role, ms]) => {
        const running = !finished && clock.running.includes(role);
        const left = running ? ms - elapsed : ms;
        const low = !finished && left < (clock.control.kind === 'live' ? 20_000 : 12 * 3600_000);
        return (
          <span key={role} className={`clock${running ? ' running' : ''}${low ? ' low' : ''}`} data-testid={`clock-${role}`} data-ms={Math.max(0, Math.round(left))}>
            {roleName(t, gameId, role)} <b>{formatClock(left)}</b>
          </span>
        );
      })}
      {!finished && Object.entries(clock.firstMove ?? {}).map(([role, until]) => (
        <span key={`first-${role}`} className="clock first-move small" data-testid={`first-move-${role}`} data-ms={Math.max(0, Math.round(until - clock.at - elapsed))}>
          {t('clock.firstMove', { role: roleName(t, gameId, role), time: formatClock(until - clock.at - elapsed) })}
        </span>
      ))}
    </div>
  );
}

/** Time control choice at game creation: none, live presets or custom, correspondence presets. */
export function TimeControlPicker({ value, onChange }: { value: TimeControlT; onChange: (tc: TimeControlT) => void }) {
  const { t } = useTranslation();
  const key = value.kind === 'none' ? 'none' : value.kind === 'live' ? `live:${value.baseSeconds}:${value.incrementSeconds}` : `corr:${value.days}`;
  const presets: [string, TimeControlT][] = [
    ['none', { kind: 'none' }],
    ...LIVE_PRESETS.map(([m, i]): [string, TimeControlT] => [`live:${m! * 60}:${i}`, { kind: 'live', baseSeconds: m! * 60, incrementSeconds: i! }]),
    ...CORRESPONDENCE_PRESETS.map((d): [string, TimeControlT] => [`corr:${d}`, { kind: 'correspondence', days: d }]),
  ];
  const isPreset = presets.some(([k]) => k === key);
  return (
    <fieldset className="time-control">
      <legend>{t('clock.title')}</legend>
      <select value={isPreset ? key : 'custom'} data-testid="time-control" aria-label={t('clock.title')}
        onChange={(e) => {
          const p = presets.find(([k]) => k === e.target.value);
          onChange(p ? p[1] : { kind: 'live', baseSeconds: 15 * 60, incrementSeconds: 0 });
        }}>
        {presets.map(([k, tc]) => <option key={k} value={k}>{tc.kind === 'none' ? t('clock.none') : timeControlText(t, tc)}</option>)}
        <option value="custom">{t('clock.custom')}</option>
      </select>
      {!isPreset && value.kind === 'live' && (
        <span className="custom-clock">
          <label>{t('clock.baseSeconds')} <input type="number" min={LIVE_BASE_SECONDS.min} max={LIVE_BASE_SECONDS.max} value={value.baseSeconds} data-testid="clock-base"
            onChange={(e) => onChange({ ...value, baseSeconds: Number(e.target.value) || 0 })} /></label>
          <label>{t('clock.incrementSeconds')} <input type="number" min={LIVE_INCREMENT_SECONDS.min} max={LIVE_INCREMENT_SECONDS.max} value={value.incrementSeconds} data-testid="clock-inc"
            onChange={(e) => onChange({ ...value, incrementSeconds: Number(e.target.value) || 0 })} /></label>
        </span>
      )}
    </fieldset>
  );
}
