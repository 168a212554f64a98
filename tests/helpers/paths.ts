import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root folder, so a test names a file by its repository path instead of climbing to it. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The file URL of a manifest handler module (`http/account/get-me`), for a test that imports it by name. */
export function handlerUrl(handler: string): string {
  return pathToFileURL(join(repoRoot, 'functions', `${handler}.ts`)).href;
}
