import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileGameT, ProfileT } from '@tabula/protocol';
import { api, ApiError } from '../api/client.js';
import { Link } from '../router.js';
import { gameIds, loadGame } from '../games.js';
import { formatDate } from '../dates.js';
import { botName, gameName, scenarioName } from '../labels.js';
import { UserSafety } from '../components/Safety.js';
import { RatingHistory } from '../components/RatingHistory.js';

/** A rating with "?" while it is provisional (high rating deviation). */
export function RatingText({ rating, provisional }: { rating: number; provisional: boolean }) {
  const { t } = useTranslation();
  return <span data-testid="rating" title={provisional ? t('profile.provisional') : undefined}>{Math.round(rating)}{provisional ? '?' : ''}</span>;
}

function GameLine({ g }: { g: ProfileGameT }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(g.updatedAt, i18n.resolvedLanguage ?? i18n.language);
  const others = g.seats.filter((s) => !g.roles.includes(s.role)).map((s) => s.user ?? (s.bot ? botName(t, s.bot) : t('seat.free')));
  return (
    <li className="game-row" data-game-id={g.id}>
      <Link to={`/games/${g.id}`}><b>{gameName(t, g.game)}</b> <span className="muted">· {scenarioName(t, g.game, g.scenario)}</span></Link>
      <span className="muted" dir="auto"> {t('profile.vs', { names: others.join(t('common.listSep')) })}</span>
      {g.rated && <span className="tag">{t('lobby.rated')}</span>}
      {g.result && <span className={`tag result-${g.result}`} data-testid="profile-result">{t(`profile.result.${g.result}`)}</span>}
      <span className="muted small"> {date}</span>
      {g.status === 'finished' && <Link to={`/games/${g.id}/replay`} className="button small">{t('lobby.replay')}</Link>}
    </li>
  );
}

export function Profile({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const [p, setP] = useState<ProfileT | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.profile(name).then((x) => { setP(x); for (const g of new Set([...x.current, ...x.finished].map((y) => y.game))) void loadGame(g).catch(() => undefined); },
      (e: unknown) => setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)));
  }, [name, t]);
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!p) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="narrow profile" data-testid="profile">
      <h1 dir="auto">{p.name}</h1>
      <UserSafety name={p.name} />
      <p className="muted">{t('profile.since', { date: formatDate(p.since, i18n.resolvedLanguage ?? i18n.language) })}</p>
      <section className="panel">
        <h2>{t('profile.stats')}</h2>
        {p.stats.length === 0 ? <p className="muted">{t('lobby.none')}</p> : (
          <table className="scores">
            <thead><tr><th scope="col">{t('setup.game')}</th><th scope="col">{t('profile.played')}</th><th scope="col">{t('profile.won')}</th><th scope="col">{t('profile.rating')}</th></tr></thead>
            <tbody>
              {[...new Set([...p.stats.map((s) => s.game), ...p.ratings.map((r) => r.game)])].map((game) => {
                const s = p.stats.find((x) => x.game === game);
                const r = p.ratings.find((x) => x.game === game);
                return (
                  <tr key={game} data-testid={`stats-${game}`}>
                    <th scope="row"><Link to={`/ratings/${game}`}>{gameName(t, game)}</Link></th>
                    <td>{s?.played ?? 0}</td><td>{s?.won ?? 0}</td>
                    <td>{r ? <RatingText rating={r.rating} provisional={r.provisional} /> : '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      {p.ratings.length > 0 && (
        <section className="panel" data-testid="rating-history">
          <h2>{t('profile.history')}</h2>
          {p.ratings.map((r) => <RatingHistory key={r.game} name={p.name} game={r.game} />)}
        </section>
      )}
      <section className="panel"><h2>{t('profile.current')}</h2>
        {p.current.length === 0 ? <p className="muted">{t('lobby.none')}</p> : <ul className="games">{p.current.map((g) => <GameLine key={g.id} g={g} />)}</ul>}
      </section>
      <section className="panel"><h2>{t('profile.finished')}</h2>
        {p.finished.length === 0 ? <p className="muted">{t('lobby.none')}</p> : <ul className="games">{p.finished.map((g) => <GameLine key={g.id} g={g} />)}</ul>}
      </section>
    </div>
  );
}

/** The leaderboard of one game (default: the first game), with links to every game's board. */
export function Leaderboard({ game: asked }: { game?: string }) {
  const { t } = useTranslation();
  const game = asked ?? gameIds()[0]!;
  const [rows, setRows] = useState<{ name: string; rating: number; rd: number; games: number; provisional: boolean }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setRows(null); api.leaderboard(game).then((l) => setRows(l.players), (e: unknown) => setError(String(e))); }, [game]);
  return (
    <div className="narrow">
      <h1>{t('profile.leaderboard', { game: gameName(t, game) })}</h1>
      <nav aria-label={t('nav.leaderboard')} className="button-row" data-testid="leaderboard-games">
        {gameIds().map((g) => <Link key={g} to={`/ratings/${g}`} className={`button small${g === game ? ' primary' : ''}`} aria-current={g === game ? 'page' : undefined}>{gameName(t, g)}</Link>)}
      </nav>
      {error && <p className="error" role="alert">{error}</p>}
      {rows && (rows.length === 0 ? <p className="muted">{t('lobby.none')}</p> : (
        <table className="scores" data-testid="leaderboard">
          <thead><tr><th scope="col">#</th><th scope="col">{t('auth.name')}</th><th scope="col">{t('profile.rating')}</th><th scope="col">{t('profile.played')}</th></tr></thead>
          <tbody>{rows.map((r, i) => (
            <tr key={r.name}><td>{i + 1}</td><th scope="row"><Link to={`/u/${encodeURIComponent(r.name)}`} dir="auto">{r.name}</Link></th><td><RatingText rating={r.rating} provisional={r.provisional} /></td><td>{r.games}</td></tr>
          ))}</tbody>
        </table>
      ))}
    </div>
  );
}
