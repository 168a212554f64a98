import { paths } from './paths';

/** The brand colour (styles.css `--color-primary`): the installed app's title bar and index.html's theme-color. */
export const THEME_COLOR = '#4f46e5';
/** The page background (styles.css `--color-bg`), shown on the installed app's splash screen. */
export const BACKGROUND_COLOR = '#f8fafc';

/** One icon of the manifest: a PNG of its declared size under web/public. */
export interface AppIcon {
  src: string;
  sizes: `${number}x${number}`;
  type: 'image/png';
  /** 'maskable': drawn to its edges, with everything that matters inside the central 80 % circle. */
  purpose?: 'maskable';
}

/** The manifest's icons, drawn by scripts/generate-icons.ts into web/public. */
export const APP_ICONS: readonly AppIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The file name the build writes the manifest to (served as application/manifest+json). */
export const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * The web app manifest (written at build time by vite-plugin-pwa): an installable app that opens on
 * /create, and a share target so the phone's Share menu sends a link to /share (GET, so the shared
 * title, text and url arrive as query parameters), which opens /create with them, marked as a share
 * so it never generates by itself (see features/create/lib/shared-arrival.ts).
 */
export const appManifest = {
  id: '/',
  name: 'ThreadSnip',
  short_name: 'ThreadSnip',
  description: 'Turn articles into social-media threads that credit and link the original author.',
  start_url: paths.create.path,
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: APP_ICONS.map((icon) => ({ ...icon })),
  share_target: {
    action: paths.share.path,
    method: 'GET',
    // Chromium warns when a share target leaves its encoding to the default.
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'title', text: 'text', url: 'url' },
  },
} as const;
