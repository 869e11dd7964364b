/**
 * "Why can't I?" for tile spots (why-spot.ts): one sentence per refusal code and the words they use,
 * one table per language.
 */
import { textTables, type TextRow, type TextTables } from '@tabula/engine';

const ROWS: TextRow[] = [
  ['rule.why-tile-placed', 'You have placed your tile this turn: now deploy a figure or pass.', 'Du hast deine Karte in diesem Zug gelegt: Setze jetzt eine Figur ein oder verzichte.', 'Ya colocaste tu loseta este turno: ahora coloca una figura o pasa.', '你本回合已放置板块：现在放置一个棋子或跳过。'],
  ['rule.why-spot-taken', 'A tile already lies there.', 'Dort liegt schon eine Karte.', 'Ahí ya hay una loseta.', '那里已经有板块了。'],
  ['rule.why-spot-alone', 'A tile must touch the board along at least one side.', 'Eine Karte muss mit mindestens einer Seite an die ausliegenden Karten grenzen.', 'Una loseta debe tocar el tablero por al menos un lado.', '板块必须至少有一条边与已放置的板块相接。'],
  ['rule.why-spot-edge', 'However you turn the tile, it does not fit: at best its $t(edgeKind.{{mineId}}) would meet a $t(edgeKind.{{theirsId}}) of the tile $t(toward.{{sideId}}).', 'Wie du die Karte auch drehst, sie passt nicht: Bestenfalls träfe ihre $t(edgeKind.{{mineId}}) auf eine $t(edgeKind.{{theirsId}}) der Karte $t(toward.{{sideId}}).', 'Gires como gires la loseta, no encaja: en el mejor caso su $t(edgeKind.{{mineId}}) se toparía con un $t(edgeKind.{{theirsId}}) de la loseta $t(toward.{{sideId}}).', '无论怎样旋转，板块都放不下：最多也会让它的$t(edgeKind.{{mineId}})碰上$t(toward.{{sideId}})板块的$t(edgeKind.{{theirsId}})。'],
  ['board.noFit', '{{where}}: the tile in hand fits here no way (click or press ? to learn why)', '{{where}}: Die Karte passt hier in keiner Drehung (klicke oder drücke ?, um zu erfahren, warum)', '{{where}}: la loseta no encaja aquí de ninguna forma (haz clic o pulsa ? para saber por qué)', '{{where}}：手中板块怎么转都放不下（点击或按？了解原因）'],
  ['board.spotClosed', '{{kind}}: no figure can go here now (click or press ? to learn why)', '{{kind}}: Hier kann jetzt keine Figur hin (klicke oder drücke ?, um zu erfahren, warum)', '{{kind}}: aquí no puede ir ninguna figura ahora (haz clic o pulsa ? para saber por qué)', '{{kind}}：现在这里不能放棋子（点击或按？了解原因）'],
  ['edgeKind.city', 'city edge', 'Stadtkante', 'borde de ciudad', '城市边'],
  ['edgeKind.road', 'road edge', 'Straßenkante', 'borde de camino', '道路边'],
  ['edgeKind.field', 'field edge', 'Wiesenkante', 'borde de prado', '草地边'],
  ['toward.N', 'to the north', 'im Norden', 'al norte', '北边'],
  ['toward.E', 'to the east', 'im Osten', 'al este', '东边'],
  ['toward.S', 'to the south', 'im Süden', 'al sur', '南边'],
  ['toward.W', 'to the west', 'im Westen', 'al oeste', '西边'],
];

export const whyMessages: TextTables = textTables(ROWS);
