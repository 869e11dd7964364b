import { useTranslation } from 'react-i18next';
import { gameIds, manifestOf } from '../games.js';
import { gameName } from '../labels.js';
import { Link } from '../router.js';

/** "New to a game? …" with a link to each game's tutorial (/learn/<game>). */
export function TutorialLinks() {
  const { t } = useTranslation();
  const ids = gameIds().filter((id) => manifestOf(id)?.tutorials);
  if (ids.length === 0) return null;
  return (
    <p className="small" data-testid="learn-links">{t('learn.intro')}{' '}
      {ids.map((id, i) => (
        <span key={id}>{i > 0 && t('common.listSep')}<Link to={`/learn/${id}`} data-testid={`learn-${id}`}>{gameName(t, id)}</Link></span>
      ))}
    </p>
  );
}
