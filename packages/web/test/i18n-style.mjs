// The style guides of docs/glossary/style-*.md as checks: each takes one string (template or rendered line) and its
// key and returns the problems found (empty: fine). Used by i18n-style.test.mjs.

/** Whole Latin words from an alternation. JS `\b` takes accented letters (é, ñ, ü) for boundaries, so "is" would match
 * inside "podéis"; here a Latin letter (accented or not), combining mark, digit or underscore on either side makes the
 * match part of a longer word, while Chinese characters next to it still end a word ("在Tabula中"). */
const words = (alternation) => new RegExp(`(?<![\\p{Script=Latin}\\p{M}\\p{N}_])(?:${alternation})(?![\\p{Script=Latin}\\p{M}\\p{N}_])`, 'gu');

/** Proper names and codes that stay in Latin letters in every language (games, scenarios, people, map areas, units). */
const NAMES = words('Tabula|Carcassonne|Hammer of the Scots|HACSE|The Bruce|Braveheart|JSON|SVG|PGN|URL|HTTPS?|Webhook|Discord|Slack|Elo|Glicko|MCTS|ISMCTS|Bot|OK|FAQ|ID');

/** English words that never belong in a German, Spanish or Chinese string (whole words, case-sensitive where noted). */
const ENGLISH = words('Any|Won|Lost|the|and|of|you|your|Your|You|to|with|this|is|not|click|Click|Unsubscribe|unsubscribe|Unknown|link|valid|please|Please|turn|Turn|move|Move|card|Card|target|feature|block|area|hits?|steps?|left|round|draw|none|None|yes|Yes|No');

/** The English game terms the German Hammer rulebook keeps, which Tabula keeps with it (docs/glossary). */
const RULEBOOK_ENGLISH = { de: words('Sea Move|Castle Limits?|Replacement Points|Feudal Levy|Border Raids?|Herald|Pillage|Victuals|Truce') };

/** Removes what may legitimately hold Latin words: placeholders, nesting, names, URLs, kept rulebook terms. */
function stripNames(text, lang) {
  const t = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|https?:\/\/\S+/g, ' ').replace(NAMES, ' ');
  return RULEBOOK_ENGLISH[lang] ? t.replace(RULEBOOK_ENGLISH[lang], ' ') : t;
}

function englishLeftovers(lang) {
  // German shares some short words with English ("Bot", "Name", "Lobby", "Chat"), so only the list above counts.
  // Spanish "no" is Spanish; German "Block" is German.
  const allowed = lang === 'de' ? /^(Block|Tag|Tags)$/ : lang === 'es' ? /^(No)$/ : /^$/;
  return (text) => {
    const m = stripNames(text, lang).match(ENGLISH) ?? [];
    return m.filter((w) => !allowed.test(w)).map((w) => `English "${w}"`);
  };
}

const SENTENCE_START = /(^|[.!?:;]\s+|\n|["„“«]\s*)$/;

/** German: du everywhere. Mid-sentence "Sie/Ihr/Ihnen" is always the formal address; at a sentence start "Ihr…"
 * as well (the third person is reworded there), and "Sie" before a verb of address. */
function germanRegister(text) {
  const out = [];
  for (const m of text.matchAll(/\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/g)) {
    const before = text.slice(0, m.index);
    const start = SENTENCE_START.test(before);
    const word = m[1];
    if (!start || word !== 'Sie' || /^Sie (können|haben|sind|möchten|müssen|bekommen|erhalten|finden|sehen|wählen|klicken)\b/.test(text.slice(m.index))) {
      out.push(`formal "${word}"`);
    }
  }
  return out;
}

/** German: the dative prepositions never take "die"/"das"; "von" + a plain article-less genitive phrase is fine. */
function germanCase(text) {
  const out = [];
  for (const m of text.matchAll(/\b(aus|bei|mit|nach|seit|von|zu|gegenüber)\s+(die|das)\b/gi)) out.push(`"${m[0]}" (dative)`);
  for (const m of text.matchAll(/\b(an|auf|in)\s+(der|dem)\s+\S+\s+von\s+(der|die|das|dem)\b/g)) out.push(`"${m[0]}" (say it with a genitive)`);
  return out;
}

/** Spanish: tú everywhere: no usted, no formal imperatives, no "su" where the player is addressed. */
const USTED = /\b(usted|ustedes|haga|elija|pulse|introduzca|seleccione|escriba|confirme|intente|inicie|compruebe|juegue|añada|consulte|acepte|cancele)\b|\b(Es su|Sus opciones|[Ss]u (cuenta|contraseña|correo|perfil|último|última)|sus ajustes)\b/;
function spanishRegister(text) {
  const m = text.match(new RegExp(USTED.source, 'gi')) ?? [];
  return m.map((w) => `formal "${w}"`);
}

/** Spanish log lines tell the game in the present tense: no preterite (-ó, -aron, -ieron) in a log line. */
function spanishTense(text, key) {
  if (!/(^|:)log[.:]/.test(key)) return [];
  const m = text.match(/[\p{L}]+(?:[^i\P{L}]ó|ió|aron|ieron)(?![\p{L}])/gu) ?? [];
  return m.map((w) => `past tense "${w}"`);
}

const HAN = '\\p{Script=Han}';
const CJK_PUNCT = '，。：；！？、（）《》「」“”…—';

/** Chinese: no ASCII space between a Chinese character (or Chinese punctuation) and Latin letters, digits or a placeholder. */
function chineseSpacing(text, key) {
  if (key.startsWith('action:')) return [];
  const t = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, 'X');
  const re = new RegExp(`[${HAN}${CJK_PUNCT}] +[A-Za-z0-9X]|[A-Za-z0-9X)] +[${HAN}${CJK_PUNCT}]|[${HAN}${CJK_PUNCT}] +[${HAN}${CJK_PUNCT}]`, 'gu');
  return (t.match(re) ?? []).map((m) => `space in "${m}"`);
}

/** Chinese: Latin punctuation between Chinese words (", " ": " "; ") becomes full-width. */
function chinesePunctuation(text, key) {
  if (key.startsWith('action:hacse:')) return [];
  const t = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, 'X').replace(/https?:\/\/\S+/g, '');
  const re = new RegExp(`[${HAN}0-9X] ?[,;:?!](?=\\s|$|[${HAN}])|[,;:] ?[${HAN}]|[${HAN}] ?\\(|\\( ?[${HAN}]|[${HAN}] ?\\)`, 'gu');
  return (t.match(re) ?? []).map((m) => `Latin punctuation in "${m}"`);
}

/** Chinese: a number before these nouns needs its measure word (点伤害, 个木块, 张牌, …). */
const NEEDS_MEASURE = /(?<!第)(\d+|N)\s*(伤害|木块|部队|卡牌|牌|战斗力|随从|板块)/u;
const NUMBER_ARGS = /\{\{(count|n|steps|left|moves|points|die|total|min|max|value|amount|damage|hits|hit|back|cost)\b[^}]*\}\}/g;
function chineseMeasure(text, key) {
  if (key.startsWith('action:')) return [];
  const t = text.replace(NUMBER_ARGS, 'N');
  const m = t.match(new RegExp(NEEDS_MEASURE.source, 'gu')) ?? [];
  return m.map((w) => `no measure word in "${w}"`);
}

export const CHECKS = {
  de: {
    'one register: du, never Sie': germanRegister,
    'prepositions take their case': germanCase,
    'no English left over': englishLeftovers('de'),
  },
  es: {
    'one register: tú, never usted': spanishRegister,
    'log lines in one tense (present)': spanishTense,
    'no English left over': englishLeftovers('es'),
  },
  'zh-Hans': {
    'one register: 你, never 您': (text) => (text.includes('您') ? ['formal "您"'] : []),
    'no space between Chinese and Latin letters or digits': chineseSpacing,
    'Chinese punctuation, not Latin': chinesePunctuation,
    'a number and its noun carry a measure word': chineseMeasure,
    'no English left over': englishLeftovers('zh-Hans'),
  },
};
