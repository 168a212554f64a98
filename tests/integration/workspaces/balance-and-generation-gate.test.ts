import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { queues as queueEntries } from '#functions/manifest';
import { freePort } from '#local/ports';
import { createQueues, localSqsClient, startSqs } from '#local/queues';
import { callRoute, type RouteHandler } from '#tests/helpers/route-call';
import { startTestTable } from '#tests/helpers/test-table';
import { addTeamMember } from '../../helpers/team-members';

// The balance /api/me shows in a workspace is the one a Generate in that workspace is checked
// against: a member never sees credits they cannot spend, nor is refused with credits showing.
const table = await startTestTable();
const sqsServer = await startSqs(await freePort());
const generationQueue = (await createQueues(localSqsClient(sqsServer.endpoint), queueEntries, 1)).find(
  (queue) => queue.entry.name === 'generation',
)!;
Object.assign(process.env, { SQS_ENDPOINT: sqsServer.endpoint, GENERATION_QUEUE_URL: generationQueue.url });

const me = (await import('#functions/http/account/get-me')).handler as RouteHandler;
const generate = (await import('#functions/http/generation/post-generation-job')).handler as RouteHandler;
const { setFreeCredits } = await import('#functions/data/credits-repository');
const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');

afterAll(async () => {
  await sqsServer.close();
  await table.stop();
});

/** What /api/me shows the member in the workspace, and whether a Generate there is accepted. */
async function shownAndAccepted(userId: string, workspaceId: string) {
  const headers = { 'x-workspace-id': workspaceId };
  const shown = await callRoute(me, { userId }, { headers });
  expect(shown.status).toBe(200);
  const submitted = await callRoute(generate, { userId }, { headers, body: { url: 'https://example.com/story' } });
  expect([202, 402]).toContain(submitted.status);
  return { available: shown.body.credits.availableCredits as number, accepted: submitted.status === 202 };
}

describe('the balance /api/me shows and the generation gate', () => {
  it('agree in a personal workspace, with credits and without', async () => {
    const userId = `user-${randomUUID()}`;
    expect(await shownAndAccepted(userId, userId)).toEqual({ available: 5, accepted: true });
    await setFreeCredits(userId, 0, `emptied-${userId}`, new Date());
    expect(await shownAndAccepted(userId, userId)).toEqual({ available: 0, accepted: false });
  });

  it("agree in a team workspace, showing the team's balance and not the member's own", async () => {
    const owner = `owner-${randomUUID()}`;
    const editor = `editor-${randomUUID()}`;
    const team = await createTeamWorkspace({ userId: owner, email: `${owner}@example.com` }, 'Desk', new Date());
    await addTeamMember(team, editor, 'editor');
    // The editor's own free credits do not pay for the team's threads.
    expect(await shownAndAccepted(editor, team.id)).toEqual({ available: 0, accepted: false });
    await setFreeCredits(team.id, 2, `granted-${team.id}`, new Date());
    expect(await shownAndAccepted(editor, team.id)).toEqual({ available: 2, accepted: true });
    expect(await shownAndAccepted(owner, team.id)).toEqual({ available: 2, accepted: true });
  });
});
