/**
 * The prompts of the game's `prompt(state, role)`, one row per key: English, German, Spanish, Simplified Chinese
 * (the rulebooks' words: docs/glossary).
 */
type Row = [key: string, en: string, de: string, es: string, zh: string];

const ROWS: Row[] = [
  ["prompt.place",
    "Your turn: place the tile in your hand.",
    "Du bist am Zug: Lege die Karte aus deiner Hand an.",
    "Es tu turno: coloca la loseta que tienes en la mano.",
    "轮到你了：放置手中的板块。",
  ],
  ["prompt.deploy",
    "Put a follower or shepherd on the tile you placed, or place nothing.",
    "Setze einen Gefolgsmann oder Schäfer auf die gelegte Karte, oder setze nichts ein.",
    "Pon un seguidor o un pastor en la loseta colocada, o no pongas nada.",
    "在刚放置的板块上放一名随从或牧羊人，或不放置。",
  ],
  ["prompt.flock",
    "Your shepherd’s flock: let it grow or drive it home.",
    "Die Herde deines Schäfers: Herde erweitern oder Herde in den Stall treiben.",
    "El rebaño de tu pastor: amplía el rebaño o llévalo al establo.",
    "你的牧羊人的羊群：扩大羊群，或把羊群赶进羊圈。",
  ],
];

const LANGS = ['en', 'de', 'es', 'zh-Hans'] as const;
export const promptMessages = Object.fromEntries(LANGS.map((lang, i) => [lang, Object.fromEntries(ROWS.map((r) => [r[0], r[i + 1]!]))])) as Record<(typeof LANGS)[number], Record<string, string>>;
