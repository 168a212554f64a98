/**
 * Draws the app's icons (web/public/icons): the PNGs the web app manifest names, rendered from one
 * SVG drawing by Chromium. Run `npx tsx scripts/generate-icons.ts` after changing
 * the drawing; the outputs are committed, so a build needs no browser.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { APP_ICONS, THEME_COLOR } from '#web/config/app-manifest';

const PUBLIC_DIR = fileURLToPath(new URL('../web/public', import.meta.url));

/**
 * A thread of three posts joined by a line. The maskable icon fills its square and keeps the drawing
 * inside the central 80 % circle that every launcher mask leaves visible.
 */
function iconSvg(maskable: boolean): string {
  const background = maskable
    ? `<rect width="512" height="512" fill="${THEME_COLOR}"/>`
    : `<rect width="512" height="512" rx="112" fill="${THEME_COLOR}"/>`;
  const drawing = [
    '<path d="M150 150V362" stroke="#fff" stroke-width="16" stroke-linecap="round"/>',
    ...[150, 256, 362].map((y) => `<circle cx="150" cy="${y}" r="30" fill="#fff"/>`),
    '<rect x="206" y="126" width="176" height="48" rx="24" fill="#fff"/>',
    '<rect x="206" y="232" width="146" height="48" rx="24" fill="#fff" fill-opacity="0.85"/>',
    '<rect x="206" y="338" width="110" height="48" rx="24" fill="#fff" fill-opacity="0.7"/>',
  ].join('');
  const scaled = maskable
    ? `<g transform="translate(256 256) scale(0.8) translate(-256 -256)">${drawing}</g>`
    : drawing;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${scaled}</svg>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir(path.join(PUBLIC_DIR, 'icons'), { recursive: true });
  for (const icon of APP_ICONS) {
    const size = Number(icon.sizes.split('x')[0]);
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = iconSvg(icon.purpose === 'maskable');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: path.join(PUBLIC_DIR, icon.src), omitBackground: true });
    await page.close();
    console.log(`${icon.src} (${icon.sizes}${icon.purpose ? `, ${icon.purpose}` : ''})`);
  }
} finally {
  await browser.close();
}
