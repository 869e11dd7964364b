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

const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace('#', '').replace(/^(.)(.)(.)$/, '$1$1$2$2$3$3'), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const hexOf = (c: [number, number, number]): string => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.x relative luminance of an sRGB colour (#rgb or #rrggbb). */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white text on a colour: whichever has the higher contrast ratio (WCAG 1.4.3). */
export function textOn(color: string): string {
  return contrast('#000000', color) >= contrast('#ffffff', color) ? '#000' : '#fff';
}

/** Normal-size text needs 4.5:1 against its background (WCAG 1.4.3 AA). */
export const TEXT_CONTRAST = 4.5;

/**
 * A colour for text or thin lines drawn in `color` on `background` (default white): `color` itself if
 * it reaches `ratio`, else the same hue darkened just enough (the least darkening that reaches it).
 */
export function darkerFor(color: string, background = '#ffffff', ratio = TEXT_CONTRAST): string {
  if (contrast(color, background) >= ratio) return color;
  const c = rgb(color);
  let lo = 0, hi = 1; // fraction of the colour kept; 0 is black
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (contrast(hexOf([c[0] * mid, c[1] * mid, c[2] * mid]), background) >= ratio) lo = mid; else hi = mid;
  }
  return hexOf([c[0] * lo, c[1] * lo, c[2] * lo]);
}

/** A role's colour for its name written as text on a light background (side names, log badges). */
export function roleTextColor(role: string, index = 0, background = '#ffffff'): string {
  return darkerFor(roleColor(role, index), background);
}
