/**
 * Learning mode: the bot's explanation of its move ("bot.<reason>", the reasons of the bots package's
 * explain/carcassonne.ts), one table per language. Feature arguments are kinds (city, road, ...).
 */
import { textTables, type TextRow, type TextTables } from '@tabula/engine';

const F = '$t(feature.{{featureId}})';

const ROWS: TextRow[] = [
  ['bot.best', '{{role}}: its search rated this move the best.', '{{role}}: Die Suche des Bots hielt diesen Zug für den besten.', '{{role}}: su búsqueda valoró esta jugada como la mejor.', '{{role}}：它的搜索认为这一步最好。'],
  ['bot.carc-place-gain', '{{role}} placed the tile: it is worth +{{points}} to it if the game ended now.', '{{role}} legte die Karte: Sie bringt ihm +{{points}}, wenn das Spiel jetzt endete.', '{{role}} colocó la loseta: le vale +{{points}} si la partida acabara ahora.', '{{role}}放置了板块：若现在结束，它可得+{{points}}分。'],
  ['bot.carc-place-block', '{{role}} placed the tile to cost you {{points}} points if the game ended now.', '{{role}} legte die Karte so, dass sie dich {{points}} Punkte kostet, wenn das Spiel jetzt endete.', '{{role}} colocó la loseta para quitarte {{points}} puntos si la partida acabara ahora.', '{{role}}放置板块，使你若现在结束会少{{points}}分。'],
  ['bot.carc-place', '{{role}} placed the tile where its search saw the best chances later.', '{{role}} legte die Karte dorthin, wo die Suche später die besten Chancen sah.', '{{role}} colocó la loseta donde su búsqueda vio más opciones para después.', '{{role}}把板块放在其搜索认为后续机会最好的位置。'],
  ['bot.carc-follower-closed', '{{role}} put a follower on the ' + F + ' and closed it (+{{points}}).', '{{role}} setzte einen Gefolgsmann auf die Karte (' + F + ') und schloss sie ab (+{{points}}).', '{{role}} puso un seguidor en la loseta (' + F + ') y la completó (+{{points}}).', '{{role}}在' + F + '上放置随从并将其完成（+{{points}}）。'],
  ['bot.carc-follower', '{{role}} put a follower on the ' + F + ': worth {{points}} to it if the game ended now.', '{{role}} setzte einen Gefolgsmann auf die Karte (' + F + '): {{points}} Punkte wert, wenn das Spiel jetzt endete.', '{{role}} puso un seguidor en la loseta (' + F + '): vale {{points}} si la partida acabara ahora.', '{{role}}在' + F + '上放置随从：若现在结束值{{points}}分。'],
  ['bot.carc-closed', '{{role}} placed the tile to close a feature (+{{points}}).', '{{role}} legte die Karte, um ein Gebiet abzuschließen (+{{points}}).', '{{role}} colocó la loseta para completar un elemento (+{{points}}).', '{{role}}放置板块完成了一个区域（+{{points}}）。'],
  ['bot.carc-keep', '{{role}} kept its followers ({{count}} left) for a better spot.', '{{role}} behielt seine Gefolgsleute ({{count}} übrig) für einen besseren Platz.', '{{role}} guardó sus seguidores (le quedan {{count}}) para un sitio mejor.', '{{role}}保留随从（剩{{count}}个）等待更好的位置。'],
  ['bot.carc-shepherd', '{{role}} put its shepherd on the field to gather a flock.', '{{role}} stellte seinen Schäfer auf die Wiese, um eine Herde zu sammeln.', '{{role}} puso su pastor en el prado para reunir un rebaño.', '{{role}}把牧羊人放在草地上以聚集羊群。'],
  ['bot.carc-grow', '{{role}} let its flock grow.', '{{role}} ließ seine Herde wachsen.', '{{role}} amplía el rebaño.', '{{role}}扩大羊群。'],
  ['bot.carc-drive', '{{role}} drove its flock home (+{{points}}).', '{{role}} trieb seine Herde heim (+{{points}}).', '{{role}} llevó su rebaño al establo (+{{points}}).', '{{role}}把羊群赶进羊圈（+{{points}}）。'],
];

export const botMessages: TextTables = textTables(ROWS);
