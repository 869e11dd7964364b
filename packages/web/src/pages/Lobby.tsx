import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, getAuth, type GameSummary } from '../api/client.js';
import { Link } from '../router.js';
import { loadGame } from '../games.js';
import { botName, gameName, scenarioName } from '../labels.js';
import { RoleBadge } from '../components/RoleBadge.js';
import { timeControlText } from '../components/Clocks.js';
import { LiveLobby } from '../components/LiveLobby.js';
import { TutorialLinks } from '../components/TutorialLinks.js';

function GameRow({ g, yourTurn }: { g: GameSummary; yourTurn?: boolean }) {
  const { t } = useTranslation();
  const free = g.seats.filter((s) => !s.user && !s.bot).length;
  return (
    <li className={`game-row${yourTurn ? ' your-turn' : ''}`} data-game-id={g.id}>
      <Link to={`/games/${g.id}`} className="game-link">
        <b>{gameName(t, g.game)}</b>{g.scenario && <span className="muted"> · {scenarioName(t, g.game, g.scenario)}</span>}
      </Link>
      <span className="seats">
        {g.seats.map((s, i) => (
          <span key={s.role} className="seat">
            <RoleBadge gameId={g.game} role={s.role} index={i} active={g.active.includes(s.role)} />
            <span className="muted"> {s.bot ? botName(t, s.bot) : s.user ?? t('seat.free')}</span>
          </span>
        ))}
      </span>
      {g.timeControl && g.timeControl.kind !== 'none' && <span className="tag clock-tag" data-testid="lobby-clock">⏱ {timeControlText(t, g.timeControl)}</span>}
      {yourTurn && <span className="tag turn">{t('lobby.yourTurn')}</span>}
      {g.status === 'open' && free > 0 && <span className="tag">{t('lobby.freeSeats', { count: free })}</span>}
      {g.status === 'finished' && <Link to={`/games/${g.id}/replay`} className="button small">{t('lobby.replay')}</Link>}
    </li>
  );
}

export function Lobby() {
  const { t } = useTranslation();
  const me = getAuth();
  const [open, setOpen] = useState<GameSummary[]>([]);
  const [active, setActive] = useState<GameSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const [o, a, f] = await Promise.all([api.listGames('open'), api.listGames('active'), api.listGames('finished')]);
      setOpen(o); setActive(a); setError(null);
      // Role and scenario names come with each game's messages.
      for (const id of new Set([...o, ...a, ...f].map((g) => g.game))) void loadGame(id).catch(() => undefined);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);
  useEffect(() => {
    void load();
    const id = setInterval(() => { if (document.visibilityState === 'visible') void load(); }, 10_000);
    return () => clearInterval(id);
  }, [load]);

  const isMine = (g: GameSummary) => g.yourRoles.length > 0;
  const myTurn = (g: GameSummary) => g.yourTurn;
  const mine = [...open.filter(isMine), ...active.filter(isMine)].sort((a, b) => Number(myTurn(b)) - Number(myTurn(a)));
  return (
    <div className="lobby">
      <div className="lobby-head">
        <h1>{t('lobby.title')}</h1>
        <span className="muted">{me ? t('lobby.signedInAs', { name: me.name }) : null}</span>
        <Link to="/new" className="button primary" data-testid="new-game">{t('nav.newGame')}</Link>
        <Link to="/local" className="button">{t('nav.local')}</Link>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      <TutorialLinks />
      <section className="panel">
        <h2>{t('lobby.mine')}</h2>
        {mine.length === 0 ? <p className="muted">{t('lobby.none')}</p> : <ul className="games">{mine.map((g) => <GameRow key={g.id} g={g} yourTurn={myTurn(g)} />)}</ul>}
      </section>
      {/* Open, playing and finished games, filters and seeks: pushed by the lobby socket (LiveLobby). */}
      <LiveLobby onChange={load} />
    </div>
  );
}
