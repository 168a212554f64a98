import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';
import { APP_ICONS, appManifest, THEME_COLOR } from '#web/config/app-manifest';
import { paths } from '#web/config/paths';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Samples per pixel of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA.
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Decodes a PNG far enough to know a browser can: the signature, every chunk's CRC, the header, and
 * the inflated image data holding exactly one filtered scanline per row. Returns its size.
 */
function decodePng(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  let offset = 8;
  let header: { width: number; height: number; bitDepth: number; colourType: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (offset < file.length && !ended) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    expect(crc32(file.subarray(offset + 4, offset + 8 + length)), `${type} CRC`).toBe(
      file.readUInt32BE(offset + 8 + length),
    );
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colourType: body[9]!,
        interlace: body[12]!,
      };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') ended = true;
    offset += 12 + length;
  }
  expect(ended, 'IEND chunk').toBe(true);
  if (!header) throw new Error('no IHDR chunk');
  expect(header.interlace).toBe(0);
  const bitsPerPixel = header.bitDepth * (CHANNELS[header.colourType] ?? Number.NaN);
  const rowBytes = 1 + Math.ceil((header.width * bitsPerPixel) / 8);
  expect(inflateSync(Buffer.concat(data)).length).toBe(rowBytes * header.height);
  return { width: header.width, height: header.height };
}

describe('web app manifest', () => {
  it('meets the installability criteria: name, start_url inside scope, standalone, id, colours', () => {
    expect(appManifest).toMatchObject({
      name: 'ThreadSnip',
      short_name: 'ThreadSnip',
      display: 'standalone',
      id: '/',
      scope: '/',
      start_url: paths.create.path,
      theme_color: THEME_COLOR,
    });
    expect(appManifest.description.length).toBeGreaterThan(0);
    expect(appManifest.start_url.startsWith(appManifest.scope)).toBe(true);
    expect(appManifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('declares 192 and 512 px PNG icons and a maskable one', () => {
    const sizes = APP_ICONS.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(APP_ICONS.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual(['512x512']);
  });

  it.each(APP_ICONS.map((icon) => [icon.src, icon] as const))(
    '%s decodes as a PNG of its declared size',
    (src, icon) => {
      const { width, height } = decodePng(readFileSync(join(repoRoot, 'web/public', src)));
      expect(`${width}x${height}`).toBe(icon.sizes);
    },
  );

  it('shares to /share (not /create, where a url alone is the sign-in redirect’s generation) with GET', () => {
    expect(appManifest.share_target).toEqual({
      action: paths.share.path,
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    });
  });

  it('has index.html name the same theme colour and a touch icon that exists', () => {
    const html = readFileSync(join(repoRoot, 'web/index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    const touchIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(APP_ICONS.map((icon) => icon.src)).toContain(touchIcon);
  });
});
