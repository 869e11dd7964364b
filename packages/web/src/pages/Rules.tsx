import { useTranslation } from 'react-i18next';
import { GAME_IDS } from '../engines.js';
import { gameName } from '../labels.js';
import { Link } from '../router.js';

export const RULES_LINKS: Record<string, { label: string; href: string }[]> = {
  carcassonne: [
    { label: 'Wikicarpedia: Carcassonne', href: 'https://wikicarpedia.com/car/Base_game' },
    { label: 'Wikicarpedia: Hills & Sheep', href: 'https://wikicarpedia.com/car/Hills_&_Sheep' },
  ],
  'hammer-of-the-scots': [
    { label: 'Hammer of the Scots: rules (Rally the Troops)', href: 'https://rally-the-troops.com/hammer-of-the-scots/info/rules.html' },
  ],
  hacse: [
    { label: 'HACSE Wiki: Regeln Kartenspiel', href: 'http://hacse.hacfleisch.org/index.php/Regeln_Kartenspiel' },
  ],
};

export function RulesHelp({ gameId, short }: { gameId: string; short?: boolean }) {
  const { t } = useTranslation();
  const points = t(`rules.${gameId}.points`, { returnObjects: false, defaultValue: '' }).split('\n').filter(Boolean);
  return (
    <section className="panel rules" data-testid={`rules-${gameId}`}>
      <h2>{gameName(t, gameId)}</h2>
      <p>{t(`rules.${gameId}.summary`)}</p>
      {!short && points.length > 0 && <ul>{points.map((p, i) => <li key={i}>{p}</li>)}</ul>}
      <p className="small">{t('rules.full')}{' '}
        {(RULES_LINKS[gameId] ?? []).map((l, i) => <span key={l.href}>{i > 0 && ' · '}<a href={l.href} target="_blank" rel="noreferrer">{l.label}</a></span>)}
      </p>
    </section>
  );
}

export function Rules({ gameId }: { gameId?: string }) {
  const { t } = useTranslation();
  const ids = gameId ? [gameId] : [...GAME_IDS];
  return (
    <div className="narrow">
      <h1>{t('rules.title')}</h1>
      <p className="muted">{t('rules.intro')}</p>
      {ids.map((id) => <RulesHelp key={id} gameId={id} />)}
      {gameId && <Link to="/rules">{t('rules.all')}</Link>}
    </div>
  );
}
