import { useTranslation } from 'react-i18next';
import { roleName } from '../labels.js';
import { roleColor, textOn } from '../colors.js';

/** A seat's role in its colour, marked when it is to act (the game screen's seats and the lobby's game list). */
export function RoleBadge({ gameId, role, index, active }: { gameId: string; role: string; index: number; active?: boolean }) {
  const { t } = useTranslation();
  const bg = roleColor(role, index);
  return (
    <span className={`role-badge${active ? ' active' : ''}`} style={{ background: bg, color: textOn(bg) }} data-role={role}>
      {active && <span aria-hidden="true">▶ </span>}{roleName(t, gameId, role)}
    </span>
  );
}
