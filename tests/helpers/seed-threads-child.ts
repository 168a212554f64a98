/** Child of seedThreads: reads threads as JSON on stdin and puts them with the app's repository. */
import { text } from 'node:stream/consumers';
import type { Thread } from '../../shared/schemas/thread';

const threads = JSON.parse(await text(process.stdin)) as Thread[];
const { putThread } = await import('../../functions/data/thread-repository');
for (let start = 0; start < threads.length; start += 20) {
  await Promise.all(threads.slice(start, start + 20).map((thread) => putThread(thread)));
}
