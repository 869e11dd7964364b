import { useTranslation } from 'react-i18next';
import { reasonText } from '../labels.js';

/** One bot move explained (learning mode): the action's place in the log, the bot's seat, its reason. */
export interface BotSaid {
  at: number;
  role: string;
  reason: { key: string; args?: Record<string, string | number> };
}

/**
 * Learning mode beside the board: the bot's reason for its last move (announced politely to screen
 * readers: a status), and the few before it. Local and online games show the same panel.
 */
export function LearningPanel({ gameId, said }: { gameId: string; said: BotSaid[] }) {
  const { t } = useTranslation();
  const last = said[said.length - 1];
  return (
    <section className="card learning" aria-labelledby="learning-heading" data-testid="learning">
      <h2 id="learning-heading" className="small">{t('learning.title')}</h2>
      <p className="small" role="status" data-testid="bot-explains">{last ? reasonText(t, gameId, last.role, last.reason) : t('learning.waiting')}</p>
      {said.length > 1 && (
        <ul className="muted small learning-earlier">
          {said.slice(0, -1).reverse().map((x) => <li key={x.at}>{reasonText(t, gameId, x.role, x.reason)}</li>)}
        </ul>
      )}
    </section>
  );
}

const KEY = 'tabula.learning.off';

/** Whether learning mode (hints, the bots' reasons) is turned off on this device for the online learning game `id`. */
export function learningOffHere(id: string): boolean {
  try { return (JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[]).includes(id); } catch { return false; }
}

/** Turns learning mode off (or on again) on this device for game `id` (the newest 50 games are kept). */
export function setLearningOffHere(id: string, off: boolean): void {
  try {
    const ids = (JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[]).filter((x) => x !== id);
    if (off) ids.push(id);
    localStorage.setItem(KEY, JSON.stringify(ids.slice(-50)));
  } catch { /* storage blocked: the choice lasts for this page only */ }
}
