/**
 * Learning mode: the bot's explanation of its move ("bot.<reason>", the reasons of the bots package's
 * explain/hammer.ts), one table per language. Block and area arguments are ids: shown as names.
 */
import { textTables, type TextRow, type TextTables } from '@tabula/engine';

const B = '$t(block.{{blockId}})';
const A = '$t(area.{{areaId}})';
const TO = '$t(area.{{toId}})';

const ROWS: TextRow[] = [
  ['block.face-down', 'a block', 'einen Block', 'un bloque', '一个木块'],
  ['bot.best', '{{role}}: its search rated this move the best.', '{{role}}: Die Suche des Bots hielt diesen Zug für den besten.', '{{role}}: su búsqueda valoró esta jugada como la mejor.', '{{role}}：它的搜索认为这一步最好。'],
  ['bot.hammer-card', '{{role}} chose its card for this turn (you see it once both cards are revealed).', '{{role}} hat seine Karte für diesen Zug gewählt (du siehst sie, sobald beide Karten aufgedeckt sind).', '{{role}} eligió su carta para este turno (la verás cuando se revelen ambas).', '{{role}}选择了本回合的卡牌（两张牌翻开后你就能看到）。'],
  ['bot.hammer-group', '{{role}} moves its group in ' + A + ': its search found this group move the most useful.', '{{role}} zieht seine Gruppe in ' + A + ': Die Suche fand diese Gruppenbewegung am nützlichsten.', '{{role}} mueve su grupo de ' + A + ': su búsqueda vio este movimiento como el más útil.', '{{role}}移动' + A + '的部队：它的搜索认为这次移动最有用。'],
  ['bot.hammer-to-attack', '{{role}} moved ' + B + ' to ' + A + ' to attack your blocks there.', '{{role}} zog ' + B + ' nach ' + A + ', um deine Blöcke dort anzugreifen.', '{{role}} movió ' + B + ' a ' + A + ' para atacar tus bloques allí.', '{{role}}把' + B + '移到' + A + '，进攻你在那里的木块。'],
  ['bot.hammer-to-join', '{{role}} moved ' + B + ' to ' + A + ' to join its blocks there.', '{{role}} zog ' + B + ' nach ' + A + ', zu seinen Blöcken dort.', '{{role}} movió ' + B + ' a ' + A + ' para unirse a sus bloques.', '{{role}}把' + B + '移到' + A + '，与那里的己方木块会合。'],
  ['bot.hammer-to-home', '{{role}} moved ' + B + ' to ' + A + ': the area was open and is a home of one of its nobles.', '{{role}} zog ' + B + ' nach ' + A + ': Das Gebiet war frei und ist Heimat eines seiner Adligen.', '{{role}} movió ' + B + ' a ' + A + ': el área estaba libre y es área natal de uno de sus nobles.', '{{role}}把' + B + '移到' + A + '：该地区空着，且是其一位贵族的家乡。'],
  ['bot.hammer-to-castle', '{{role}} moved ' + B + ' to ' + A + ': the area was open and holds a castle.', '{{role}} zog ' + B + ' nach ' + A + ': Das Gebiet war frei und hat eine Burg.', '{{role}} movió ' + B + ' a ' + A + ': el área estaba libre y tiene un castillo.', '{{role}}把' + B + '移到' + A + '：该地区空着，且有城堡。'],
  ['bot.hammer-to-open', '{{role}} moved ' + B + ' to ' + A + ': the area was open.', '{{role}} zog ' + B + ' nach ' + A + ': Das Gebiet war frei.', '{{role}} movió ' + B + ' a ' + A + ': el área estaba libre.', '{{role}}把' + B + '移到' + A + '：该地区空着。'],
  ['bot.hammer-fire', '{{role}} fired with ' + B + ' rather than retreat: its search expected the battle to go its way.', '{{role}} feuerte mit ' + B + ', statt sich zurückzuziehen: Die Suche erwartete, die Schlacht zu gewinnen.', '{{role}} disparó con ' + B + ' en vez de retirarse: su búsqueda esperaba ganar la batalla.', '{{role}}用' + B + '开火而不撤退：它的搜索预计能赢下这场战斗。'],
  ['bot.hammer-retreat', '{{role}} retreated ' + B + ' to ' + TO + ' to save it from the battle.', '{{role}} zog ' + B + ' nach ' + TO + ' zurück, um ihn aus der Schlacht zu retten.', '{{role}} retiró ' + B + ' a ' + TO + ' para salvarlo de la batalla.', '{{role}}把' + B + '撤退到' + TO + '，使其脱离战斗。'],
  ['bot.hammer-hit', '{{role}} took the hit on ' + B + ', its strongest block there.', '{{role}} nahm den Treffer mit ' + B + ', seinem stärksten Block dort.', '{{role}} asignó el impacto a ' + B + ', su bloque más fuerte allí.', '{{role}}让' + B + '（其在该处最强的木块）承受伤害。'],
  ['bot.hammer-regroup', '{{role}} regrouped ' + B + ' to ' + TO + '.', '{{role}} gruppierte ' + B + ' nach ' + TO + ' um.', '{{role}} reagrupó ' + B + ' en ' + TO + '.', '{{role}}把' + B + '重组到' + TO + '。'],
  ['bot.hammer-battle', '{{role}} fights the battle in ' + A + ' first.', '{{role}} schlägt zuerst die Schlacht in ' + A + '.', '{{role}} libra primero la batalla de ' + A + '.', '{{role}}先进行' + A + '的战斗。'],
  ['bot.hammer-stop', '{{role}} ended the block\'s move where it stands.', '{{role}} beendete den Zug des Blocks, wo er steht.', '{{role}} terminó el movimiento del bloque donde está.', '{{role}}让木块停在原地结束移动。'],
  ['bot.hammer-end', '{{role}} ended its moves: its search saw no better group move.', '{{role}} beendete seine Bewegung: Die Suche sah keine bessere Gruppenbewegung.', '{{role}} terminó sus movimientos: su búsqueda no vio mejor movimiento de grupo.', '{{role}}结束移动：它的搜索没有找到更好的群体移动。'],
  ['bot.hammer-home', '{{role}} sent a noble home for the Winter.', '{{role}} schickte einen Adligen für den Winter heim.', '{{role}} envió a un noble a su área natal para el invierno.', '{{role}}让一位贵族回乡过冬。'],
  ['bot.hammer-disband', '{{role}} disbanded ' + B + ' over the castle limit.', '{{role}} löste ' + B + ' über dem Burglimit auf.', '{{role}} disolvió ' + B + ' por encima del límite del castillo.', '{{role}}解散了超出城堡限制的' + B + '。'],
  ['bot.hammer-step', '{{role}} added a step to one of its blocks.', '{{role}} gab einem seiner Blöcke eine Stufe.', '{{role}} añadió un punto de fuerza a uno de sus bloques.', '{{role}}为其一个木块增加了兵力。'],
  ['bot.hammer-draw', '{{role}} drew a block from its pool into ' + A + '.', '{{role}} zog einen Block aus seinem Pool nach ' + A + '.', '{{role}} sacó un bloque de su reserva a ' + A + '.', '{{role}}从池中抽出一个木块放到' + A + '。'],
];

export const botMessages: TextTables = textTables(ROWS);
