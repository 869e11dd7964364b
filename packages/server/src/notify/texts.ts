/**
 * What mail and webhooks say, in the four UI languages of the web client (en, de, es, zh-Hans). The
 * in-app list is worded by the web client itself from the notification's fields.
 */
import { gameIds, gameName, getGame, load } from '@tabula/games';
import type { NotificationKindT } from '@tabula/protocol';

export type MailLang = 'en' | 'de' | 'es' | 'zh-Hans';
export const mailLang = (l: string): MailLang => (l === 'de' || l === 'es' || l === 'zh-Hans' ? l : 'en');

/** The first of our languages in an Accept-Language header ("de-AT,de;q=0.9,en;q=0.5"), else English. */
export function acceptedLang(header: string | undefined): MailLang {
  for (const part of (header ?? '').slice(0, 200).split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('zh')) { if (!/hant|-tw|-hk|-mo/.test(tag)) return 'zh-Hans'; continue; }
    for (const l of ['en', 'de', 'es'] as const) if (tag === l || tag.startsWith(`${l}-`)) return l;
  }
  return 'en';
}

/** The page the unsubscribe link opens: [title, text] when it worked ("done") and for an unknown link. */
export const UNSUBSCRIBE_PAGE: Record<MailLang, Record<'done' | 'unknown', [string, string]>> = {
  en: {
    done: ['Unsubscribed', 'You will get no more notification emails from Tabula. You can turn them on again in your settings.'],
    unknown: ['Unknown link', 'This unsubscribe link is not valid.'],
  },
  de: {
    done: ['Abbestellt', 'Du bekommst keine Benachrichtigungs-E-Mails von Tabula mehr. In deinen Einstellungen kannst du sie wieder einschalten.'],
    unknown: ['Unbekannter Link', 'Dieser Abbestell-Link ist nicht gültig.'],
  },
  es: {
    done: ['Baja confirmada', 'Ya no recibirás correos de notificación de Tabula. Puedes volver a activarlos en tus ajustes.'],
    unknown: ['Enlace desconocido', 'Este enlace para darte de baja no es válido.'],
  },
  'zh-Hans': {
    done: ['已退订', '你将不再收到Tabula的通知邮件。你可以在设置中重新开启。'],
    unknown: ['未知链接', '此退订链接无效。'],
  },
};

/** The fields an event carries (outbox payload). */
export interface EventPayload {
  game: string | null;
  scenario: string | null;
  opponents: string[];
  by: string | null;
  won: boolean | null;
  /** tournament-round and tournament-finished. */
  tournament?: { id: string; name: string; round: number; rank?: number; players?: number };
}

interface Texts {
  /** "{name}{scenario} vs {opponents}": the game's title; {scenario} is filled from `scenario` or empty. */
  title: string;
  scenario: string;
  /** The title while nobody has joined yet, where "{vs} {nobody}" does not read (Chinese). */
  alone?: string;
  /** What separates a label from its link ("Open the game: https://…"). */
  colon: string;
  vs: string;
  nobody: string;
  subject: Record<NotificationKindT, string>;
  body: Record<NotificationKindT, string>;
  won: string;
  lost: string;
  ended: string;
  open: string;
  /** The link of tournament-finished (the tournament's page). */
  openTournament: string;
  unsubscribe: string;
  why: string;
}

const T: Record<MailLang, Texts> = {
  en: {
    title: '{name}{scenario} {vs} {opponents}', scenario: ' ({scenario})', colon: ': ',
    vs: 'vs', nobody: 'nobody yet',
    subject: { 'your-turn': 'Your turn in {game}', 'game-over': 'Game over: {game}', invited: '{by} invites you to {game}', 'time-low': 'Time running low in {game}', 'tournament-round': 'Round {round} of {tournament} has started', 'tournament-finished': '{tournament} has finished' },
    body: { 'your-turn': 'It is your turn in {game}.', 'game-over': 'The game {game} is over. {result}', invited: '{by} invites you to play {game}.', 'time-low': 'Your time is running low in {game}.', 'tournament-round': 'Round {round} of {tournament} has started: your game against {opponents}.', 'tournament-finished': '{tournament} has finished: you placed {rank} of {players}.' },
    won: 'You won.', lost: 'You lost.', ended: 'It ended without a winner.',
    open: 'Open the game', openTournament: 'Open the tournament', unsubscribe: 'Unsubscribe from these emails', why: 'You get this mail because you were not connected to Tabula.',
  },
  de: {
    title: '{name}{scenario} {vs} {opponents}', scenario: ' ({scenario})', colon: ': ',
    vs: 'gegen', nobody: 'noch niemanden',
    subject: { 'your-turn': 'Du bist am Zug: {game}', 'game-over': 'Partie beendet: {game}', invited: '{by} lädt dich zu {game} ein', 'time-low': 'Deine Zeit wird knapp: {game}', 'tournament-round': 'Runde {round} von {tournament} hat begonnen', 'tournament-finished': '{tournament} ist beendet' },
    body: { 'your-turn': 'Du bist am Zug in {game}.', 'game-over': 'Die Partie {game} ist beendet. {result}', invited: '{by} lädt dich zu einer Partie {game} ein.', 'time-low': 'Deine Bedenkzeit in {game} wird knapp.', 'tournament-round': 'Runde {round} von {tournament} hat begonnen: deine Partie gegen {opponents}.', 'tournament-finished': '{tournament} ist beendet: du bist auf Platz {rank} von {players}.' },
    won: 'Du hast gewonnen.', lost: 'Du hast verloren.', ended: 'Sie endete ohne Sieger.',
    open: 'Zur Partie', openTournament: 'Zum Turnier', unsubscribe: 'Diese E-Mails abbestellen', why: 'Du bekommst diese Mail, weil du nicht mit Tabula verbunden warst.',
  },
  es: {
    title: '{name}{scenario} {vs} {opponents}', scenario: ' ({scenario})', colon: ': ',
    vs: 'contra', nobody: 'nadie todavía',
    subject: { 'your-turn': 'Te toca en {game}', 'game-over': 'Partida terminada: {game}', invited: '{by} te invita a {game}', 'time-low': 'Se te acaba el tiempo en {game}', 'tournament-round': 'Ha empezado la ronda {round} de {tournament}', 'tournament-finished': '{tournament} ha terminado' },
    body: { 'your-turn': 'Es tu turno en {game}.', 'game-over': 'La partida {game} ha terminado. {result}', invited: '{by} te invita a jugar {game}.', 'time-low': 'Se te está acabando el tiempo en {game}.', 'tournament-round': 'Ha empezado la ronda {round} de {tournament}: tu partida contra {opponents}.', 'tournament-finished': '{tournament} ha terminado: has quedado en el puesto {rank} de {players}.' },
    won: 'Has ganado.', lost: 'Has perdido.', ended: 'Terminó sin ganador.',
    open: 'Abrir la partida', openTournament: 'Abrir el torneo', unsubscribe: 'Darse de baja de estos correos', why: 'Recibes este correo porque no estabas conectado a Tabula.',
  },
  'zh-Hans': {
    title: '{name}{scenario}{vs}{opponents}', alone: '{name}{scenario}（暂无对手）', scenario: '（{scenario}）', colon: '：',
    vs: '对', nobody: '暂无对手',
    subject: { 'your-turn': '轮到你了：{game}', 'game-over': '对局结束：{game}', invited: '{by}邀请你玩{game}', 'time-low': '时间不多了：{game}', 'tournament-round': '{tournament}第{round}轮已开始', 'tournament-finished': '{tournament}已结束' },
    body: { 'your-turn': '在{game}中轮到你行动了。', 'game-over': '对局{game}已结束。{result}', invited: '{by}邀请你玩{game}。', 'time-low': '你在{game}中的时间不多了。', 'tournament-round': '{tournament}第{round}轮已开始：你的对手是{opponents}。', 'tournament-finished': '{tournament}已结束：你在{players}名选手中排名第{rank}。' },
    won: '你赢了。', lost: '你输了。', ended: '对局没有胜者。',
    open: '打开对局', openTournament: '打开锦标赛', unsubscribe: '退订这些邮件', why: '你收到这封邮件，是因为你当时没有连接到Tabula。',
  },
};

const fill = (s: string, args: Record<string, string>): string => s.replace(/\{(\w+)\}/g, (_, k: string) => args[k] ?? '');

/** Each game's messages per language (its scenario names), read once from the games' registry. */
const gameMessages = new Map<string, Record<string, Record<string, string>>>();

/** Loads every offered game's messages (before the first mail is written). */
export async function loadGameTexts(): Promise<void> {
  for (const id of gameIds()) gameMessages.set(id, (await load(id)).messages as Record<string, Record<string, string>>);
}

/** "Hammer of the Scots (Braveheart (1297-1305)) vs anna": names as the board shows them, never ids. */
export function gameTitle(lang: MailLang, p: EventPayload): string {
  const t = T[lang];
  const name = p.game ? (gameName(p.game, lang) ?? p.game) : 'Tabula';
  const scenarios = p.game ? getGame(p.game)?.scenarios ?? [] : [];
  const scenarioName = p.scenario && scenarios.length > 1 ? gameMessages.get(p.game!)?.[lang]?.[`scenario.${p.scenario}`] : undefined;
  const scenario = scenarioName ? fill(t.scenario, { scenario: scenarioName }) : '';
  if (!p.opponents.length && t.alone) return fill(t.alone, { name, scenario });
  return fill(t.title, { name, scenario, vs: t.vs, opponents: p.opponents.length ? p.opponents.join(t.colon === '：' ? '、' : ', ') : t.nobody });
}

export interface Message { subject: string; text: string; html: string; line: string }

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The words of one notification: a subject, a one-line summary, and mail bodies (plain text and HTML). */
export function render(kind: NotificationKindT, p: EventPayload, lang: MailLang, links: { game: string | null; unsubscribe: string | null }): Message {
  const t = T[lang];
  const tour = p.tournament;
  const args = {
    game: gameTitle(lang, p), by: p.by ?? '', result: p.won === true ? t.won : p.won === false ? t.lost : t.ended,
    tournament: tour?.name ?? '', round: String(tour?.round ?? ''), rank: String(tour?.rank ?? ''), players: String(tour?.players ?? ''),
    opponents: p.opponents.join(t.colon === '：' ? '、' : ', '),
  };
  const subject = fill(t.subject[kind], args);
  const line = fill(t.body[kind], args).trim();
  const open = kind === 'tournament-finished' ? t.openTournament : t.open;
  const text = [line, '', ...(links.game ? [`${open}${t.colon}${links.game}`, ''] : []), t.why, ...(links.unsubscribe ? [`${t.unsubscribe}${t.colon}${links.unsubscribe}`] : [])].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family: sans-serif">`
    + `<p>${esc(line)}</p>`
    + (links.game ? `<p><a href="${esc(links.game)}">${esc(open)}</a></p>` : '')
    + `<p style="color: #666; font-size: small">${esc(t.why)}`
    + (links.unsubscribe ? ` <a href="${esc(links.unsubscribe)}">${esc(t.unsubscribe)}</a>` : '')
    + '</p></body></html>';
  return { subject, text, html, line };
}
