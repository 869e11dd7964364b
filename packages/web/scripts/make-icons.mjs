// Draws Tabula's app icons (public/icons/): a blue tile with a white "T" and an orange game piece, as SVG
// and as PNG at the sizes the web app manifest and iOS ask for. Run: node packages/web/scripts/make-icons.mjs
// The PNGs are rasterised here (4x4 samples per pixel) and written with node:zlib: no image library.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');
const BLUE = [0x00, 0x72, 0xb2];
const WHITE = [0xff, 0xff, 0xff];
const ORANGE = [0xe6, 0x9f, 0x00];

// On a 16-unit grid: the tile (rounded, radius 3), the T and the piece. `inset` shrinks the drawing
// towards the centre (maskable icons keep their content in the middle 80 %).
const T = [[4, 4, 12, 6], [7, 6, 9, 12]];
const PIECE = [10.5, 10.5, 13, 13];
const inRect = (x, y, [x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1;
function inRounded(x, y, r) {
  const cx = Math.min(Math.max(x, r), 16 - r), cy = Math.min(Math.max(y, r), 16 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function colourAt(x, y, { maskable }) {
  if (!maskable && !inRounded(x, y, 3)) return null;
  const k = maskable ? 0.8 : 1;
  const u = 8 + (x - 8) / k, v = 8 + (y - 8) / k;
  if (T.some((r) => inRect(u, v, r))) return WHITE;
  if (inRect(u, v, PIECE)) return ORANGE;
  return BLUE;
}

function png(size, opts) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const N = 4;
  for (let py = 0; py < size; py++) {
    const row = py * (size * 4 + 1);
    raw[row] = 0;
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const c = colourAt(((px + (sx + 0.5) / N) / size) * 16, ((py + (sy + 0.5) / N) / size) * 16, opts);
          if (!c) continue;
          r += c[0]; g += c[1]; b += c[2]; a++;
        }
      }
      const o = row + 1 + px * 4;
      if (a > 0) { raw[o] = Math.round(r / a); raw[o + 1] = Math.round(g / a); raw[o + 2] = Math.round(b / a); }
      raw[o + 3] = Math.round((a / (N * N)) * 255);
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; // 8-bit RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const hex = (c) => `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="${hex(BLUE)}"/>`
  + `<path d="M4 4h8v2H9v6H7V6H4z" fill="${hex(WHITE)}"/><rect x="10.5" y="10.5" width="2.5" height="2.5" fill="${hex(ORANGE)}"/></svg>\n`;

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'icon.svg'), svg);
for (const size of [192, 512]) writeFileSync(join(OUT, `icon-${size}.png`), png(size, { maskable: false }));
writeFileSync(join(OUT, 'maskable-512.png'), png(512, { maskable: true }));
writeFileSync(join(OUT, 'apple-touch-icon-180.png'), png(180, { maskable: true }));
