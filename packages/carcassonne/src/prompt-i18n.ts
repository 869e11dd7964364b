/** The prompts of the game's `prompt` in each language. */
type Table = Record<string, string>;

const en: Table = {
  'prompt.place': "Your turn: place the tile in your hand.",
  'prompt.deploy': "Put a follower or shepherd on the tile you placed, or place nothing.",
  'prompt.flock': "Your shepherd’s flock: let it grow or drive it home.",
};

const de: Table = {
  'prompt.place': "Du bist am Zug: Lege die Karte aus deiner Hand an.",
  'prompt.deploy': "Setze einen Gefolgsmann oder Schäfer auf die gelegte Karte, oder setze nichts ein.",
  'prompt.flock': "Die Herde deines Schäfers: Herde erweitern oder Herde in den Stall treiben.",
};

const es: Table = {
  'prompt.place': "Es tu turno: coloca la loseta que tienes en la mano.",
  'prompt.deploy': "Pon un seguidor o un pastor en la loseta colocada, o no pongas nada.",
  'prompt.flock': "El rebaño de tu pastor: déjalo crecer o llévalo a casa.",
};

const zh: Table = {
  'prompt.place': "轮到你了：放置手中的板块。",
  'prompt.deploy': "在刚放置的板块上放一名随从或牧羊人，或不放置。",
  'prompt.flock': "你的牧羊人的羊群：让它壮大，或赶回家。",
};

export const promptMessages = { en, de, es, 'zh-Hans': zh };
