import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';
import { APPROVAL_TOO_LATE_TEXT } from '#shared/messages/scheduling';
import type { Thread } from '#shared/schemas/thread';
import { threadVersion } from '#shared/workspaces/thread-version';
import { teamWithApproval } from '../../helpers/approval-team';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { makeThread, settle } from '../../helpers/publishing-threads';
import { callRoute, type RouteHandler, type RouteRequest } from '../../helpers/route-call';
import { upcomingItem } from '../../helpers/scheduled-items';

// Approval end to end in this process: the routes as API Gateway calls them, the publishing pipeline
// (local SQS polled by the real worker, the local Telegram Bot API) and the local scheduler.
const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-approval-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget] });
Object.assign(process.env, scheduler.handlerEnv);
const pipeline = await startPublishingPipeline();
const { telegram } = pipeline;

const workspaceRoute = async (name: string): Promise<RouteHandler> =>
  (await import(`#functions/http/workspaces/${name}`)).handler;
const routes = {
  putSettings: await workspaceRoute('put-settings'),
  getSettings: await workspaceRoute('get-settings'),
  activity: await workspaceRoute('get-activity'),
  review: await workspaceRoute('get-review'),
  send: await workspaceRoute('send-for-review'),
  approve: await workspaceRoute('approve-thread'),
  requestChanges: await workspaceRoute('request-changes'),
  comment: await workspaceRoute('add-comment'),
  publish: (await import('#functions/http/publishing/post-publish')).handler as RouteHandler,
  publishNow: (await import('#functions/http/scheduling/post-publish-now')).handler as RouteHandler,
  editThread: (await import('#functions/http/threads/put-thread')).handler as RouteHandler,
  scheduled: (await import('#functions/http/scheduling/get-scheduled')).handler as RouteHandler,
};
const { putThread } = await import('#functions/data/thread-repository');
const { createScheduledItem, getScheduledItem } = await import('#functions/data/scheduled-item-repository');
const { getPublishRun } = await import('#functions/data/publish-run-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const { fireScheduledItem } = await import('#functions/services/scheduling/fire-item');
const { approveThread, reviewActor } = await import('#functions/services/review/reviews');

afterAll(async () => {
  await scheduler.stop();
  await pipeline.stop();
  rmSync(schedulerDir, { recursive: true, force: true });
});

/** A team with an owner, an editor and a reviewer, Telegram connected, and approval required on every platform. */
const team = (approval: 'all' | 'off' = 'all', graceHours = 24) =>
  teamWithApproval(routes.putSettings, { name: 'Desk', approval, graceHours });

async function threadIn(workspaceId: string, marker: string): Promise<Thread> {
  const thread = makeThread(workspaceId, [`${marker}: the first post.`, `${marker}: the second post.`]);
  await putThread(thread);
  return thread;
}

const posted = (marker: string) => telegram.messages.filter((message) => message.text.includes(marker));

describe('approval before publishing', () => {
  it('takes a thread from review through changes to approval, publishing only the approved version, and logs each step', async () => {
    const { workspaceId, owner, editor, reviewer, call } = await team();
    const marker = `flow-${randomUUID().slice(0, 8)}`;
    const thread = await threadIn(workspaceId, marker);
    const threadParams = { params: { threadId: thread.id } };

    const refused = await call(routes.publish, editor, { ...threadParams, body: { platforms: ['telegram'] } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'approval_required' } });
    expect(await getPublishRun(workspaceId, thread.id, 'telegram')).toBeNull();

    const sent = await call(routes.send, editor, threadParams);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: 'in_review', approved: false, sentBy: `${editor}@example.com` });
    const seen = sent.body.currentVersion as string;
    expect(sent.body.sentVersion).toBe(seen);

    const onPost = await call(routes.comment, reviewer, {
      ...threadParams,
      body: { postId: 'post-1', text: 'The second post overstates the figure.' },
    });
    expect(onPost).toMatchObject({ status: 201, body: { postId: 'post-1', authorId: reviewer } });
    const changes = await call(routes.requestChanges, reviewer, {
      ...threadParams,
      body: { version: seen, comment: 'Fix the second post, please.' },
    });
    expect(changes.body).toMatchObject({ state: 'changes_requested', approved: false });

    const edited = thread.posts.map(({ id, content }) => ({
      id,
      content: id === 'post-1' ? `${marker}: the second post, corrected.` : content,
    }));
    expect((await call(routes.editThread, editor, { ...threadParams, body: { posts: edited } })).status).toBe(200);

    const stale = await call(routes.approve, reviewer, { ...threadParams, body: { version: seen } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'review_version_stale' } });
    const review = await call(routes.review, editor, threadParams);
    expect(review.body).toMatchObject({ state: 'changes_requested', approved: false, approvedVersion: null });
    expect(review.body.currentVersion).toBe(threadVersion(edited));
    expect(
      review.body.comments.map((comment: { postId: string | null; text: string }) => [comment.postId, comment.text]),
    ).toEqual([
      ['post-1', 'The second post overstates the figure.'],
      [null, 'Fix the second post, please.'],
    ]);

    const approved = await call(routes.approve, reviewer, {
      ...threadParams,
      body: { version: review.body.currentVersion },
    });
    expect(approved.body).toMatchObject({
      state: 'approved',
      approved: true,
      approvedVersion: threadVersion(edited),
      approvedBy: `${reviewer}@example.com`,
    });

    const published = await call(routes.publish, editor, { ...threadParams, body: { platforms: ['telegram'] } });
    expect(published.status).toBe(202);
    expect(await settle(workspaceId, thread.id, 'telegram')).toMatchObject({ status: 'completed' });
    expect(posted(marker).some((message) => message.text.includes('the second post, corrected.'))).toBe(true);
    expect(posted(marker).some((message) => message.text.endsWith('the second post.'))).toBe(false);

    const log = await call(routes.activity, owner, { params: { workspaceId } });
    expect(log.status).toBe(200);
    expect(log.body.nextCursor).toBeNull();
    expect(log.body.entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      'approved',
      'changes_requested',
      'comment_added',
      'sent_for_review',
      'settings_changed',
    ]);
    expect(log.body.entries[1]).toMatchObject({
      actorId: reviewer,
      threadId: thread.id,
      detail: 'Fix the second post, please.',
    });
  });

  it('needs approval again after an edit: the approval no longer holds and publishing is refused', async () => {
    const { workspaceId, editor, reviewer, call } = await team();
    const thread = await threadIn(workspaceId, `edit-${randomUUID().slice(0, 8)}`);
    const threadParams = { params: { threadId: thread.id } };
    const version = threadVersion(thread.posts);
    expect((await call(routes.approve, reviewer, { ...threadParams, body: { version } })).body.approved).toBe(true);

    // Sending the approved version again keeps its approval.
    expect((await call(routes.send, editor, threadParams)).body).toMatchObject({ state: 'approved', approved: true });

    const posts = thread.posts.map(({ id, content }, index) => ({
      id,
      content: index === 0 ? `${content} More.` : content,
    }));
    await call(routes.editThread, editor, { ...threadParams, body: { posts } });

    const review = await call(routes.review, editor, threadParams);
    expect(review.body).toMatchObject({ state: 'draft', approved: false, approvedVersion: version });
    const refused = await call(routes.publish, editor, { ...threadParams, body: { platforms: ['telegram'] } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'approval_required' } });
    expect(await getPublishRun(workspaceId, thread.id, 'telegram')).toBeNull();
  });

  it('refuses a request for changes without a comment, a comment on a post not in the thread, and an editor approving', async () => {
    const { workspaceId, editor, reviewer, call } = await team();
    const thread = await threadIn(workspaceId, `bad-${randomUUID().slice(0, 8)}`);
    const threadParams = { params: { threadId: thread.id } };
    const version = threadVersion(thread.posts);
    const noComment = await call(routes.requestChanges, reviewer, { ...threadParams, body: { version, comment: ' ' } });
    expect(noComment).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const elsewhere = await call(routes.comment, reviewer, {
      ...threadParams,
      body: { postId: 'post-99', text: 'Hm.' },
    });
    expect(elsewhere).toMatchObject({ status: 404, body: { code: 'post_not_found' } });
    const byEditor = await call(routes.approve, editor, { ...threadParams, body: { version } });
    expect(byEditor).toMatchObject({ status: 403, body: { code: 'role_forbidden' } });
    expect((await call(routes.review, reviewer, threadParams)).body).toMatchObject({ state: 'draft', comments: [] });
  });

  it("neither shows nor changes another team's thread: its review, approval and comments are refused", async () => {
    const ours = await team();
    const theirs = await team();
    const thread = await threadIn(theirs.workspaceId, `foreign-${randomUUID().slice(0, 8)}`);
    const threadParams = { params: { threadId: thread.id } };
    const version = threadVersion(thread.posts);
    for (const [route, body] of [
      [routes.review, undefined],
      [routes.approve, { version }],
      [routes.comment, { text: 'Mine now.' }],
      [routes.send, undefined],
    ] as const) {
      const refused = await ours.call(route, ours.owner, { ...threadParams, body });
      expect(refused, JSON.stringify(refused.body)).toMatchObject({
        status: 403,
        body: { code: 'thread_access_denied' },
      });
    }
    expect((await theirs.call(routes.review, theirs.owner, threadParams)).body).toMatchObject({
      state: 'draft',
      comments: [],
    });
    const log = await theirs.call(routes.activity, theirs.owner, { params: { workspaceId: theirs.workspaceId } });
    expect(log.body.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['settings_changed']);
  });

  it('stores the settings on the workspace, refuses them for a personal workspace, and needs no approval there', async () => {
    const { workspaceId, owner, call } = await team('all', 6);
    expect((await call(routes.getSettings, owner, { params: { workspaceId } })).body).toEqual({
      approval: 'all',
      approvalPlatforms: [],
      graceHours: 6,
    });
    const tooLong = await call(routes.putSettings, owner, {
      params: { workspaceId },
      body: { approval: 'all', graceHours: 169 },
    });
    expect(tooLong.status).toBe(400);

    const personal = (route: RouteHandler, request: RouteRequest) =>
      callRoute(route, { userId: owner }, { ...request, headers: { 'x-workspace-id': owner } });
    const refused = await personal(routes.putSettings, {
      params: { workspaceId: owner },
      body: { approval: 'all', graceHours: 24 },
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'personal_workspace' } });
    await connectTelegram(owner, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
    const marker = `own-${randomUUID().slice(0, 8)}`;
    const thread = await threadIn(owner, marker);
    const published = await personal(routes.publish, {
      params: { threadId: thread.id },
      body: { platforms: ['telegram'] },
    });
    expect(published.status).toBe(202);
    expect(await settle(owner, thread.id, 'telegram')).toMatchObject({ status: 'completed' });
  });

  it('needs approval only on the platforms listed', async () => {
    const { workspaceId, owner, editor, call } = await team('off');
    await call(routes.putSettings, owner, {
      params: { workspaceId },
      body: { approval: 'platforms', approvalPlatforms: ['x'], graceHours: 24 },
    });
    const marker = `listed-${randomUUID().slice(0, 8)}`;
    const thread = await threadIn(workspaceId, marker);
    const published = await call(routes.publish, editor, {
      params: { threadId: thread.id },
      body: { platforms: ['telegram'] },
    });
    expect(published.status).toBe(202);
    expect(await settle(workspaceId, thread.id, 'telegram')).toMatchObject({ status: 'completed' });
  });
});

describe('scheduled items of an unapproved thread', () => {
  /** An item of the team's thread whose time came a minute ago (its deadline, a day later, is far off). */
  async function dueItem(workspaceId: string, marker: string) {
    const thread = await threadIn(workspaceId, marker);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toISOString();
    const item = upcomingItem(workspaceId, thread, at);
    await createScheduledItem(item);
    return { thread, item };
  }

  it('waits at its time, says so, refuses Publish Now, and fires once on approval within the grace window', async () => {
    const { workspaceId, editor, reviewer, call } = await team();
    const marker = `wait-${randomUUID().slice(0, 8)}`;
    const { thread, item } = await dueItem(workspaceId, marker);

    expect(await fireScheduledItem(workspaceId, item.itemId, item.at, new Date())).toBeNull();
    expect(await getScheduledItem(workspaceId, item.itemId)).toMatchObject({
      status: 'scheduled',
      waitingForApproval: true,
    });
    const listed = await call(routes.scheduled, editor, { query: { view: 'upcoming' } });
    expect(listed.body.items).toEqual([expect.objectContaining({ itemId: item.itemId, waitingForApproval: true })]);
    const now = await call(routes.publishNow, editor, { params: { itemId: item.itemId } });
    expect(now).toMatchObject({ status: 409, body: { code: 'approval_required' } });
    expect(posted(marker)).toEqual([]);

    const approved = await call(routes.approve, reviewer, {
      params: { threadId: thread.id },
      body: { version: threadVersion(thread.posts) },
    });
    expect(approved.status).toBe(200);
    expect((await getScheduledItem(workspaceId, item.itemId))?.status).toBe('fired');
    expect(await settle(workspaceId, thread.id, 'telegram')).toMatchObject({ status: 'completed' });
    expect(posted(marker).length).toBeGreaterThan(0);
    // A second fire (the schedule's retry, the grace window's end) finds nothing to do.
    expect(
      await fireScheduledItem(workspaceId, item.itemId, item.at, new Date(), { approvalDeadline: true }),
    ).toBeNull();
  });

  it('ends missed, posting nothing, when approval comes after the grace window', async () => {
    const { workspaceId, reviewer } = await team();
    const marker = `late-${randomUUID().slice(0, 8)}`;
    const { thread, item } = await dueItem(workspaceId, marker);
    expect(await fireScheduledItem(workspaceId, item.itemId, item.at, new Date())).toBeNull();

    const dayAndHourLater = new Date(Date.parse(item.at) + 25 * 3_600_000);
    await approveThread(
      {
        ...reviewActor(
          { userId: reviewer, email: `${reviewer}@example.com` },
          { workspaceId, role: 'reviewer' },
          'test',
        ),
        now: dayAndHourLater,
      },
      thread.id,
      threadVersion(thread.posts),
      thread,
    );

    expect(await getScheduledItem(workspaceId, item.itemId)).toMatchObject({
      status: 'fired',
      outcomes: { telegram: { status: 'failed', error: APPROVAL_TOO_LATE_TEXT, runId: null } },
    });
    expect(await getPublishRun(workspaceId, thread.id, 'telegram')).toBeNull();
    expect(posted(marker)).toEqual([]);
  });

  it('ends missed at the end of its grace window when nobody approved it', async () => {
    const { workspaceId } = await team();
    const marker = `never-${randomUUID().slice(0, 8)}`;
    const { thread, item } = await dueItem(workspaceId, marker);
    expect(await fireScheduledItem(workspaceId, item.itemId, item.at, new Date())).toBeNull();

    const deadline = new Date(Date.parse(item.at) + 24 * 3_600_000);
    expect(await fireScheduledItem(workspaceId, item.itemId, item.at, deadline, { approvalDeadline: true })).toBeNull();

    expect(await getScheduledItem(workspaceId, item.itemId)).toMatchObject({
      status: 'fired',
      outcomes: { telegram: { status: 'failed', error: APPROVAL_TOO_LATE_TEXT } },
    });
    expect(await getPublishRun(workspaceId, thread.id, 'telegram')).toBeNull();
  });

  it('fires at its time when the thread was approved before', async () => {
    const { workspaceId, reviewer, call } = await team();
    const marker = `ready-${randomUUID().slice(0, 8)}`;
    const { thread, item } = await dueItem(workspaceId, marker);
    await call(routes.approve, reviewer, {
      params: { threadId: thread.id },
      body: { version: threadVersion(thread.posts) },
    });
    expect(await fireScheduledItem(workspaceId, item.itemId, item.at, new Date())).toMatchObject({ status: 'fired' });
    expect(await settle(workspaceId, thread.id, 'telegram')).toMatchObject({ status: 'completed' });
  });
});
