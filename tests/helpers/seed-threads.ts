import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Thread } from '../../shared/schemas/thread';

const helpersDir = path.dirname(fileURLToPath(import.meta.url));

const ATTRIBUTION_HOST = 'localhost';

/** A saved thread as generation would leave it, numbered `index` for its title and creation time. */
export function seededThread(userId: string, index: number, overrides: Partial<Thread> = {}): Thread {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  const id = `${index.toString(16).padStart(8, '0')}-${userId.slice(0, 4).padEnd(4, '0')}-4000-8000-${Math.random().toString(16).slice(2, 14).padEnd(12, '0')}`;
  const sourceUrl = `https://news.example.com/story-${index}`;
  return {
    id,
    userId,
    title: `Seeded thread ${String(index).padStart(3, '0')}`,
    sourceUrl,
    author: null,
    createdAt,
    updatedAt: createdAt,
    posts: [
      { id: 'post-0', content: `Opening post of seeded thread ${index}. 1/3`, charCount: 40 },
      { id: 'post-1', content: `The middle of seeded thread ${index}. 2/3`, charCount: 38 },
      {
        id: 'post-2',
        content: `Thread created by ${ATTRIBUTION_HOST}. Read original article at: ${sourceUrl}`,
        charCount: 80,
      },
    ],
    themes: ['seeding'],
    tone: 'professional',
    isSensitiveContent: false,
    sensitiveCategories: [],
    sensitiveContentMessage: null,
    hallucination: null,
    articleSize: 1000,
    generatedSize: 80,
    postedToX: false,
    platformPosts: {},
    ...overrides,
  };
}

/**
 * Writes threads straight into a running stack's table through the app's own repository (so the
 * keys and indexes are exactly those the API reads). It runs in a child process of its own: the data
 * layer binds its endpoint once per process, and each spec file talks to a different stack.
 */
export async function seedThreads(stack: { dynamoEndpoint: string; tableName: string }, threads: Thread[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(helpersDir, 'seed-threads-child.ts')], {
    env: {
      ...process.env,
      TABLE_NAME: stack.tableName,
      DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
      APP_PUBLIC_URL: 'http://localhost:3000',
      ADMIN_EMAILS: 'admin@example.com',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_EC2_METADATA_DISABLED: 'true',
    },
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  child.stdin.end(JSON.stringify(threads));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding threads failed (exit ${code})`);
}
