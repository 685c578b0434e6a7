// Draws the PWA icons (a bridge arch on the primary colour) as PNG files in public/.
// Run once with `node scripts/generate-icons.mjs`; the output is committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const PRIMARY = [0xff, 0x5a, 0x40];
const WHITE = [0xff, 0xff, 0xff];
const CREAM = [0xf6, 0xf1, 0xeb];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

function pixel(x, y, size, fullBleed) {
  const s = size / 512;
  const u = x / s;
  const v = y / s;
  if (!fullBleed) {
    const r = 112;
    const cx = Math.min(Math.max(u, r), 512 - r);
    const cy = Math.min(Math.max(v, r), 512 - r);
    if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return null;
  }
  // Arch: the upper half of an ellipse ring centred at (256, 344).
  const dx = (u - 256) / 160;
  const dy = (v - 344) / 96;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (v <= 344 && Math.abs(d - 1) < 0.12) return WHITE;
  // Pillars.
  for (const [px, top] of [[160, 272], [256, 248], [352, 272]]) {
    if (Math.abs(u - px) < 14 && v >= top && v <= 344) return CREAM;
  }
  // Deck.
  if (v >= 344 && v <= 372 && u >= 80 && u <= 432) return WHITE;
  return PRIMARY;
}

function png(size, fullBleed) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const c = pixel(x + 0.5, y + 0.5, size, fullBleed);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      if (c) {
        raw[o] = c[0];
        raw[o + 1] = c[1];
        raw[o + 2] = c[2];
        raw[o + 3] = 255;
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('pwa-192x192.png', out), png(192, false));
writeFileSync(new URL('pwa-512x512.png', out), png(512, true));
writeFileSync(new URL('apple-touch-icon.png', out), png(180, true));
