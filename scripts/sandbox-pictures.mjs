#!/usr/bin/env node
// Renders the sandbox's product pictures (server/sandbox/media/pictures/) from the shots of
// server/sandbox/seed/pictures.ts: Fluent Emoji (Microsoft, MIT) composed on a light studio backdrop
// with soft shadows, like a product shot, as WebP at every width of PICTURE_WIDTHS. Writes the files,
// removes the ones no shot names any more, and writes the manifest (picture name → version, a hash
// of its bytes, and the fingerprint of its shot) that the seed and the media route read. The files are committed: the sandbox needs
// neither sharp nor the emoji at run time.
//   npm run sandbox:pictures
// Needs sharp (a devDependency, pinned in package.json) and, once, the network: the emoji come from the fluentui-emoji
// package, fetched with `npm pack` (pinned version and checksum) into a cache in the system's
// temporary folder rather than installed, since it weighs 130 MB for the hundred or so emoji used here.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PICTURES_FOLDER, PICTURES_MANIFEST, pictureFile } from '../server/sandbox/media/pictures.ts';
import { allShots, shotFingerprint } from '../server/sandbox/seed/pictures.ts';
import { PICTURE_WIDTHS } from '../src/contract/picture-sizes.ts';

const EMOJI_PACKAGE = {
  name: 'fluentui-emoji',
  version: '1.3.0',
  integrity:
    'sha512-JTXXwqIie2rWTgOkIJDJxr0WtwTz2WU4kdOq8buLVThYwQ264aFR2jdTyuon2oEbLqqGMT64zI4btyn1saB2xw==',
  /** The 'Color' style: gradients and soft highlights, the closest to a photographed object. */
  folder: 'package/icons/modern',
};
/** Rendered once at the largest width; the smaller ones are scaled down from it. */
const SIDE = Math.max(...PICTURE_WIDTHS);
/**
 * WebP quality: no banding on the backdrop's gradient nor blur on the edges at 72 (compared side by
 * side with 80 and 65), a fifth lighter than 80, which a phone on a slow connection feels.
 */
const QUALITY = 72;

function emojiFolder() {
  const cache = path.join(tmpdir(), `sandbox-pictures-${EMOJI_PACKAGE.name}-${EMOJI_PACKAGE.version}`);
  const folder = path.join(cache, EMOJI_PACKAGE.folder);
  if (existsSync(folder)) return folder;
  mkdirSync(cache, { recursive: true });
  const spec = `${EMOJI_PACKAGE.name}@${EMOJI_PACKAGE.version}`;
  process.stdout.write(`Fetching ${spec} (npm pack, once) into ${cache}...\n`);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', spec, '--pack-destination', cache, '--json', '--loglevel=error'], {
      encoding: 'utf8',
    }),
  );
  const tarball = path.join(cache, packed[0].filename);
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (integrity !== EMOJI_PACKAGE.integrity) {
    throw new Error(`${spec}: checksum ${integrity} is not the pinned ${EMOJI_PACKAGE.integrity}`);
  }
  execFileSync('tar', ['-xzf', tarball, '-C', cache, EMOJI_PACKAGE.folder]);
  rmSync(tarball);
  return folder;
}

// ---------------------------------------------------------------------------------------------
// Colour

function rgbToHsl(r, g, b) {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function hueToChannel(p, q, t) {
  const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
  if (u < 1 / 6) return p + (q - p) * 6 * u;
  if (u < 1 / 2) return q;
  if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
  return p;
}

function hslToRgb(h, s, l) {
  if (s === 0) return [l, l, l];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return [hueToChannel(p, q, h + 1 / 3), hueToChannel(p, q, h), hueToChannel(p, q, h - 1 / 3)];
}

/** Recolours RGBA pixels in place: the shot's tint over every visible pixel. */
function applyTint(pixels, { hue, sat = 1, light = 0 }) {
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3] === 0) continue;
    let [h, s, l] = rgbToHsl(pixels[i] / 255, pixels[i + 1] / 255, pixels[i + 2] / 255);
    if (hue !== undefined) h = (((hue / 360) % 1) + 1) % 1;
    s = Math.min(1, s * sat);
    l = light >= 0 ? l + (1 - l) * light : l * (1 + light);
    const rgb = hslToRgb(h, s, l);
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(rgb[c] * 255);
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** One emoji, trimmed to what it draws, tinted and fitted in its box: a PNG and its size. */
async function renderItem(folder, item) {
  const box = Math.round(item.size * SIDE);
  const file = path.join(folder, `${item.emoji}.svg`);
  if (!existsSync(file)) throw new Error(`No emoji named '${item.emoji}' in ${EMOJI_PACKAGE.name}`);
  // The emoji's 32-unit view box drawn a little larger than the box, so that once the empty margin is
  // trimmed the art is scaled down, never up.
  const density = (72 * box * 1.3) / 32;
  const { data, info } = await sharp(readFileSync(file), { density })
    .ensureAlpha()
    .trim()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (item.tint) applyTint(data, item.tint);
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).resize(box, box, {
    fit: 'inside',
  });
  if (item.flip) image = image.flop();
  const { data: png, info: size } = await image.png().toBuffer({ resolveWithObject: true });
  return { png, width: size.width, height: size.height };
}

/** The backdrop (a light, slightly warm sweep) with a soft shadow under each item. */
function backdrop(placed) {
  const shadows = placed
    .map(({ cx, bottom, width }) => {
      const rx = width * 0.42;
      const ry = Math.max(SIDE * 0.016, width * 0.07);
      return `<ellipse cx="${cx.toFixed(1)}" cy="${(bottom - ry * 0.35).toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}"/>`;
    })
    .join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
<defs>
<radialGradient id="sweep" cx="50%" cy="40%" r="78%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#f6f4f1"/><stop offset="1" stop-color="#e7e3dd"/></radialGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${SIDE * 0.018}"/></filter>
</defs>
<rect width="${SIDE}" height="${SIDE}" fill="url(#sweep)"/>
<g fill="#3b2f25" fill-opacity="0.2" filter="url(#soft)">${shadows}</g>
</svg>`);
}

async function renderShot(folder, shot) {
  const items = await Promise.all(shot.map((item) => renderItem(folder, item)));
  const placed = shot.map((item, i) => {
    const { png, width, height } = items[i];
    const cx = item.x * SIDE;
    const bottom = item.bottom * SIDE;
    return { png, width, cx, bottom, left: Math.round(cx - width / 2), top: Math.round(bottom - height) };
  });
  const master = await sharp(backdrop(placed))
    .composite(placed.map(({ png, left, top }) => ({ input: png, left, top })))
    .removeAlpha()
    .png()
    .toBuffer();
  return Promise.all(
    PICTURE_WIDTHS.map(async (width) => ({
      width,
      bytes: await sharp(master)
        .resize(width, width, { kernel: 'lanczos3' })
        .webp({ quality: QUALITY, effort: 6, smartSubsample: true })
        .toBuffer(),
    })),
  );
}

// ---------------------------------------------------------------------------------------------

const folder = emojiFolder();
const shots = allShots();
const manifest = {};
const written = new Set([PICTURES_MANIFEST, 'NOTICE.md']);
const totals = Object.fromEntries(PICTURE_WIDTHS.map((width) => [width, 0]));
mkdirSync(PICTURES_FOLDER, { recursive: true });

/** Renders a few shots at a time: sharp works on other threads meanwhile. */
async function renderAll(concurrency = 4) {
  const rendered = new Array(shots.length);
  let next = 0;
  const worker = async () => {
    while (next < shots.length) {
      const i = next++;
      rendered[i] = await renderShot(folder, shots[i].shot);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return rendered;
}

const rendered = await renderAll();
for (const [i, { name }] of shots.entries()) {
  const sizes = rendered[i];
  const hash = createHash('sha256');
  for (const { bytes } of sizes) hash.update(bytes);
  const version = hash.digest('hex').slice(0, 8);
  manifest[name] = { version, shot: shotFingerprint(shots[i].shot) };
  for (const { width, bytes } of sizes) {
    const file = pictureFile(name, version, width);
    writeFileSync(path.join(PICTURES_FOLDER, file), bytes);
    written.add(file);
    totals[width] += bytes.length;
  }
}

let removed = 0;
for (const file of readdirSync(PICTURES_FOLDER)) {
  if (written.has(file)) continue;
  rmSync(path.join(PICTURES_FOLDER, file));
  removed++;
}
const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path.join(PICTURES_FOLDER, PICTURES_MANIFEST), `${JSON.stringify(sorted, null, 2)}\n`);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const all = Object.values(totals).reduce((sum, bytes) => sum + bytes, 0);
process.stdout.write(`${shots.length} pictures in ${PICTURES_FOLDER} (${removed} old files removed)\n`);
for (const width of PICTURE_WIDTHS) {
  process.stdout.write(`  ${width}w: ${kb(totals[width] / shots.length)} each on average\n`);
}
process.stdout.write(`  ${kb(all)} in all\n`);
