// Okabe-Ito colours (safe for the common colour-vision deficiencies), one per seat, always shown
// together with the role's initial so colour is never the only cue.
const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  green: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  purple: '#CC79A7',
  black: '#000000',
} as const;

const byName: Record<string, string> = {
  red: OKABE_ITO.vermillion,
  blue: OKABE_ITO.blue,
  green: OKABE_ITO.green,
  yellow: OKABE_ITO.yellow,
  black: OKABE_ITO.black,
  gray: '#8C8C8C',
  grey: '#8C8C8C',
  pink: OKABE_ITO.purple,
  purple: OKABE_ITO.purple,
  orange: OKABE_ITO.orange,
  england: OKABE_ITO.vermillion,
  scotland: OKABE_ITO.blue,
  axis: '#6B6B6B',
  allies: OKABE_ITO.green,
  germany: '#6B6B6B',
  ussr: OKABE_ITO.vermillion,
};

const cycle = [OKABE_ITO.blue, OKABE_ITO.vermillion, OKABE_ITO.green, OKABE_ITO.orange, OKABE_ITO.purple, OKABE_ITO.skyBlue, OKABE_ITO.yellow, OKABE_ITO.black];

export function roleColor(role: string, index = 0): string {
  return byName[role.toLowerCase()] ?? cycle[index % cycle.length]!;
}

/** Black or white text on a role colour. */
export function textOn(color: string): string {
  const n = Number.parseInt(color.slice(1), 16);
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#000' : '#fff';
}
