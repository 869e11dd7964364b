/**
 * The Carcassonne tutorial (with Hills & Sheep): the player is red against a scripted blue. The start is the
 * engine's setup with the draw pile arranged so that the tiles the steps need come up in order.
 */
import type { Tutorial } from '@tabula/engine';
import type { CarcAction } from '../rules.js';
import type { CarcState } from '../state.js';
import { tileIndex } from '../tiles.js';
import { CARCASSONNE_RULES as R } from '../rule-ids.js';

/** The tiles drawn, in order (red's and blue's turns alternate; the tile after the hill goes under it). */
const DRAWS = [
  'base-E', 'base-B', 'base-B', 'base-A', 'base-U', 'base-B', 'base-U', 'base-B', 'base-V', 'base-A',
  'hs-city-corner-hill', 'base-W', 'base-B', 'hs-city-tongue-vineyard',
];

/** The setup's pile with the tiles of DRAWS taken out and put on top in their order; the first in hand. */
function arrange(s: CarcState): CarcState {
  const pile = [...s.pile, s.current];
  for (const id of DRAWS) pile.splice(pile.lastIndexOf(tileIndex(id)), 1);
  const top = DRAWS.map(tileIndex);
  return { ...s, current: top[0]!, pile: [...pile, ...top.slice(1).reverse()], events: [] };
}

const place = (x: number, y: number, rot: number): CarcAction => ({ type: 'place', x, y, rot });
const blue = (x: number, y: number, rot: number) => [
  { role: 'blue', action: place(x, y, rot) }, { role: 'blue', action: { type: 'skip' } as CarcAction },
];

export const tutorial: Tutorial<CarcState, CarcAction> = {
  id: 'carcassonne',
  title: { en: 'Carcassonne with Hills & Sheep', de: 'Carcassonne mit Hügel & Schafe', es: 'Carcassonne con Colinas y ovejas', 'zh-Hans': '卡卡颂与山丘和绵羊' },
  role: 'red',
  start: { seed: 'b', players: 2, variants: { hillsAndSheep: true }, arrange },
  steps: [
    {
      actions: [place(0, -1, 2)], rule: R.placing,
      text: {
        en: 'You hold a city tile. Place it above the start tile so that its city edge meets the city there: every edge must match its neighbour.',
        de: 'Du hast eine Stadtkarte. Leg sie über die Startkarte, sodass ihr Stadtrand an die Stadt dort stößt: Jede Kante muss zur Nachbarkarte passen.',
        es: 'Tienes una loseta de ciudad. Colócala encima de la loseta inicial, con su borde de ciudad junto a la ciudad de allí: cada borde debe encajar con su vecino.',
        'zh-Hans': '你手里是一块城市板块。把它放在起始板块上方，让城市边与那里的城市相接：每条边都必须与相邻板块吻合。',
      },
    },
    {
      actions: [{ type: 'follower', feature: 0 }], rule: R.cities,
      text: {
        en: 'Put a follower on the city. The city is complete, so it scores at once: 2 points per tile, and the follower comes back.',
        de: 'Setz einen Gefolgsmann in die Stadt. Die Stadt ist fertig und wird sofort gewertet: 2 Punkte pro Karte, und der Gefolgsmann kommt zurück.',
        es: 'Pon un seguidor en la ciudad. La ciudad está completa y puntúa en el acto: 2 puntos por loseta, y el seguidor vuelve a tu reserva.',
        'zh-Hans': '把一个随从放进城市。城市已经完成，立即计分：每块板块2分，随从随后回到你手中。',
      },
      replies: blue(0, -2, 0),
    },
    {
      actions: [place(0, 1, 0)], rule: R.placing,
      text: {
        en: 'A cloister tile. Place it below the start tile: a field edge next to a field edge fits.',
        de: 'Eine Klosterkarte. Leg sie unter die Startkarte: Wiese an Wiese passt.',
        es: 'Una loseta de monasterio. Colócala debajo de la loseta inicial: un borde de campo junto a otro de campo encaja.',
        'zh-Hans': '一块修道院板块。把它放在起始板块下方：草地边接草地边即可。',
      },
    },
    {
      actions: [{ type: 'follower', feature: 1 }], rule: R.cloisters,
      text: {
        en: 'Put a follower on the cloister (a monk). The cloister is complete when all eight tiles around it are placed; it scores 1 point per tile.',
        de: 'Setz einen Gefolgsmann ins Kloster (einen Mönch). Das Kloster ist fertig, wenn alle acht Karten um es herum liegen; es bringt 1 Punkt pro Karte.',
        es: 'Pon un seguidor en el monasterio (un monje). El monasterio se completa cuando están colocadas las ocho losetas que lo rodean; puntúa 1 punto por loseta.',
        'zh-Hans': '把一个随从放进修道院（僧侣）。周围八块板块都放下后修道院完成；每块板块1分。',
      },
      replies: blue(0, -3, 1),
    },
    {
      actions: [place(-1, 0, 0)], rule: R.roads,
      text: {
        en: 'A straight road. Place it left of the start tile so that the road goes on.',
        de: 'Eine gerade Straße. Leg sie links neben die Startkarte, sodass die Straße weiterführt.',
        es: 'Un camino recto. Colócalo a la izquierda de la loseta inicial para que el camino continúe.',
        'zh-Hans': '一段直路。把它放在起始板块左边，让道路延续下去。',
      },
    },
    {
      actions: [{ type: 'follower', feature: 1 }], rule: R.farmers,
      text: {
        en: 'Lay a follower in the field above the road: a farmer. He stays until the end; then the farm scores 3 points for each completed city it touches, like the one you finished.',
        de: 'Leg einen Gefolgsmann auf die Wiese über der Straße: einen Bauern. Er bleibt bis zum Schluss; dann bringt die Wiese 3 Punkte für jede fertige Stadt, die sie berührt, wie deine von vorhin.',
        es: 'Tumba un seguidor en el campo encima del camino: un campesino. Se queda hasta el final; entonces el campo da 3 puntos por cada ciudad completa que toca, como la que terminaste.',
        'zh-Hans': '把一个随从躺放在道路上方的草地上：农民。他一直留到终局；那时这片草地每接触一座已完成的城市得3分，比如你刚完成的那座。',
      },
      replies: blue(1, -2, 0),
    },
    {
      actions: [place(1, 0, 0)], rule: R.placing,
      text: {
        en: 'Another straight road: place it right of the start tile.',
        de: 'Noch eine gerade Straße: Leg sie rechts neben die Startkarte.',
        es: 'Otro camino recto: colócalo a la derecha de la loseta inicial.',
        'zh-Hans': '又是一段直路：把它放在起始板块右边。',
      },
    },
    {
      actions: [{ type: 'shepherd', feature: 2 }], rule: R.shepherd,
      text: {
        en: 'Hills & Sheep: put your shepherd in the field below the road. He draws a token from the bag at once: sheep join his flock.',
        de: 'Hügel & Schafe: Stell deinen Schäfer auf die Wiese unter der Straße. Er zieht sofort eine Marke aus dem Beutel: Schafe kommen zu seiner Herde.',
        es: 'Colinas y ovejas: pon a tu pastor en el campo debajo del camino. Saca en el acto una ficha de la bolsa: las ovejas se unen a su rebaño.',
        'zh-Hans': '山丘和绵羊：把你的牧羊人放在道路下方的草地上。他立即从袋中抽一枚标记：羊加入他的羊群。',
      },
      replies: blue(2, -2, 0),
    },
    {
      actions: [place(1, 1, 3)], rule: R.flock,
      text: {
        en: 'Place the curve below the right road. It makes your shepherd\'s field larger, so you may tend the flock next.',
        de: 'Leg die Kurve unter die rechte Straße. Sie vergrößert die Wiese deines Schäfers, danach darfst du dich um die Herde kümmern.',
        es: 'Coloca la curva debajo del camino de la derecha. Agranda el campo de tu pastor, así que después puedes atender el rebaño.',
        'zh-Hans': '把弯道放在右边道路下方。它扩大了你牧羊人所在的草地，接下来你可以照看羊群。',
      },
      replies: [{ role: 'red', action: { type: 'skip' } }],
    },
    {
      actions: [{ type: 'grow' }], rule: R.wolf,
      text: {
        en: 'Grow the flock: draw another token. Sheep make the flock bigger, but the wolf takes the whole flock and sends the shepherd home. Driving the flock into the stable instead scores 1 point per sheep.',
        de: 'Erweitere die Herde: Zieh noch eine Marke. Schafe vergrößern die Herde, aber die Wolfsmarke nimmt die ganze Herde und schickt den Schäfer heim. Treibst du die Herde stattdessen in den Stall, bringt jedes Schaf 1 Punkt.',
        es: 'Amplía el rebaño: saca otra ficha. Las ovejas agrandan el rebaño, pero el lobo se lleva el rebaño entero y manda al pastor a casa. Llevar el rebaño al establo da 1 punto por oveja.',
        'zh-Hans': '扩大羊群：再抽一枚标记。抽到羊会让羊群变大，但抽到狼会失去整个羊群，牧羊人也要回家。若改为把羊群赶进羊圈，每只羊得1分。',
      },
      replies: blue(0, -4, 1),
    },
    {
      actions: [place(-1, -1, 0)], rule: R.hills,
      text: {
        en: 'The wolf came: your flock is gone. Now a hill tile: place it top left. A tile from the pile goes face down under the hill.',
        de: 'Der Wolf kam: Deine Herde ist weg. Jetzt eine Hügelkarte: Leg sie links oben an. Eine Karte vom Stapel kommt verdeckt unter den Hügel.',
        es: 'Llegó el lobo: tu rebaño se ha perdido. Ahora una loseta de colina: colócala arriba a la izquierda. Una loseta del montón queda boca abajo debajo de la colina.',
        'zh-Hans': '狼来了：你的羊群没了。现在是一块山丘板块：把它放在左上方。牌堆中的一块板块面朝下垫在山丘下面。',
      },
    },
    {
      actions: [{ type: 'follower', feature: 0 }], rule: R.hillTieBreak,
      text: {
        en: 'Put a follower in the city on the hill. If this city ends in a tie, the follower on the hill wins it.',
        de: 'Setz einen Gefolgsmann in die Stadt auf dem Hügel. Endet diese Stadt im Gleichstand, gewinnt der Gefolgsmann auf dem Hügel.',
        es: 'Pon un seguidor en la ciudad de la colina. Si esta ciudad acaba en empate, la gana el seguidor de la colina.',
        'zh-Hans': '把一个随从放进山丘上的城市。若这座城市最后打成平手，山丘上的随从获胜。',
      },
      replies: blue(1, -3, 0),
    },
    {
      actions: [place(-1, 1, 2), place(-1, 1, 3)], rule: R.vineyards,
      text: {
        en: 'A vineyard: place it bottom left, beside your cloister. When the cloister is completed, it scores 3 more points for each vineyard around it.',
        de: 'Ein Weinberg: Leg ihn links unten neben dein Kloster. Wird das Kloster fertig, bringt jeder Weinberg um es herum 3 Punkte mehr.',
        es: 'Un viñedo: colócalo abajo a la izquierda, junto a tu monasterio. Cuando se complete el monasterio, dará 3 puntos más por cada viñedo a su alrededor.',
        'zh-Hans': '一块葡萄园：把它放在左下方，紧挨你的修道院。修道院完成时，周围每块葡萄园额外得3分。',
      },
      replies: [{ role: 'red', action: { type: 'skip' } }],
    },
  ],
  done: {
    en: 'You know Carcassonne and Hills & Sheep: tiles, followers, farmers, the shepherd and his flock, hills and vineyards.',
    de: 'Du kennst Carcassonne und Hügel & Schafe: Karten, Gefolgsleute, Bauern, den Schäfer und seine Herde, Hügel und Weinberge.',
    es: 'Ya conoces Carcassonne y Colinas y ovejas: losetas, seguidores, campesinos, el pastor y su rebaño, colinas y viñedos.',
    'zh-Hans': '你已经了解卡卡颂与山丘和绵羊：板块、随从、农民、牧羊人和羊群、山丘和葡萄园。',
  },
};

export const tutorials: Tutorial<CarcState, CarcAction>[] = [tutorial];
