/**
 * Learning mode: the bot's explanation of its move ("bot.<reason>", the reasons of the bots package's
 * explain/hacse.ts), one table per language. Card arguments are card ids: shown as card names.
 */
import { textTables, type TextRow, type TextTables } from '@tabula/engine';

const ROWS: TextRow[] = [
  ['bot.best', '{{role}}: its search rated this move the best.', '{{role}}: Die Suche des Bots hielt diesen Zug für den besten.', '{{role}}: su búsqueda valoró esta jugada como la mejor.', '{{role}}：它的搜索认为这一步最好。'],
  ['bot.hacse-place', '{{role}} placed {{card}} $t(zoneIn.{{zoneId}}): attack {{attack}}, armour {{armour}}.', '{{role}} platzierte {{card}} $t(zoneIn.{{zoneId}}): Angriff {{attack}}, Panzerung {{armour}}.', '{{role}} colocó {{card}} $t(zoneIn.{{zoneId}}): ataque {{attack}}, blindaje {{armour}}.', '{{role}}把{{card}}部署到$t(zoneIn.{{zoneId}})：攻击{{attack}}，装甲{{armour}}。'],
  ['bot.hacse-move-front', '{{role}} moved {{card}} to the front to attack with it.', '{{role}} verlegte {{card}} an die Front, um damit anzugreifen.', '{{role}} movió {{card}} al frente para atacar con ella.', '{{role}}把{{card}}调往前线以便进攻。'],
  ['bot.hacse-move-back', '{{role}} moved {{card}} $t(zoneTo.{{toId}}) to keep it out of the fighting.', '{{role}} verlegte {{card}} $t(zoneTo.{{toId}}), um sie aus den Kämpfen herauszuhalten.', '{{role}} movió {{card}} $t(zoneTo.{{toId}}) para apartarla del combate.', '{{role}}把{{card}}调往$t(zoneTo.{{toId}})，使其远离战斗。'],
  ['bot.hacse-attack', '{{role}} attacked: its front units have {{attack}} attack against your {{count}} front units.', '{{role}} griff an: Seine Fronteinheiten haben {{attack}} Angriff gegen deine {{count}} Fronteinheiten.', '{{role}} atacó: sus unidades del frente suman {{attack}} de ataque contra tus {{count}} unidades del frente.', '{{role}}发起进攻：其前线部队攻击合计{{attack}}，对你的{{count}}个前线部队。'],
  ['bot.hacse-commit', '{{role}} sent {{card}} into the attack.', '{{role}} schickte {{card}} in den Angriff.', '{{role}} envió {{card}} al ataque.', '{{role}}派{{card}}参加进攻。'],
  ['bot.hacse-assign', '{{role}} attacked {{targetCard}} with {{card}}: the front unit had {{left}} strength left.', '{{role}} griff {{targetCard}} mit {{card}} an: Die Fronteinheit hatte noch {{left}} Stärke.', '{{role}} atacó {{targetCard}} con {{card}}: a esa unidad del frente le quedaban {{left}} de fuerza.', '{{role}}用{{card}}攻击{{targetCard}}：该前线部队只剩{{left}}点强度。'],
  ['bot.hacse-block', '{{role}} blocked {{targetCard}} with {{card}}: the attacker had {{left}} strength left.', '{{role}} stellte {{card}} gegen {{targetCard}}: Der Angreifer hatte noch {{left}} Stärke.', '{{role}} bloqueó {{targetCard}} con {{card}}: al atacante le quedaban {{left}} de fuerza.', '{{role}}用{{card}}拦截{{targetCard}}：该进攻部队只剩{{left}}点强度。'],
  ['bot.hacse-hq', '{{role}} fired from its HQ at {{targetCard}}: it had {{left}} strength left.', '{{role}} feuerte aus dem Hauptquartier auf {{targetCard}}: Sie hatte noch {{left}} Stärke.', '{{role}} disparó desde su cuartel general a {{targetCard}}: le quedaban {{left}} de fuerza.', '{{role}}从指挥部向{{targetCard}}开火：它只剩{{left}}点强度。'],
  ['bot.hacse-play', '{{role}} played {{card}}: its search found it the most useful card now.', '{{role}} spielte {{card}}: Die Suche fand sie jetzt am nützlichsten.', '{{role}} jugó {{card}}: su búsqueda la vio como la carta más útil ahora.', '{{role}}打出{{card}}：它的搜索认为此牌现在最有用。'],
  ['bot.hacse-draw', '{{role}} drew a card to fill its hand.', '{{role}} zog eine Karte, um seine Hand aufzufüllen.', '{{role}} robó una carta para llenar su mano.', '{{role}}抽了一张牌补充手牌。'],
  ['bot.hacse-end', '{{role}} ended its turn: nothing left was worth an action.', '{{role}} beendete seinen Zug: Nichts war noch eine Aktion wert.', '{{role}} terminó su turno: nada más valía una acción.', '{{role}}结束回合：没有值得再做的行动。'],
];

export const botMessages: TextTables = textTables(ROWS);
