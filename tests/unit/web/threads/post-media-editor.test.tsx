// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media, PostMedia } from '#shared/schemas/media';
import type { Post, Thread } from '#shared/schemas/thread';
import { articleRights } from '#tests/helpers/article-rights';
import { seededThread } from '#tests/helpers/seed-threads';
import { EditableThread } from '#web/features/threads/components/editable-thread';
import { ThreadPreviewCard } from '#web/features/threads/components/thread-preview-card';
import { useThreadEditing } from '#web/features/threads/hooks/use-thread-editing';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const STORAGE_URL = 'http://storage.local/media-bucket';

function storedMedia(id: string, overrides: Partial<Media> = {}): Media {
  return {
    id,
    kind: 'upload',
    mimeType: 'image/png',
    width: 800,
    height: 600,
    bytes: 1234,
    url: `http://storage.local/media-bucket/${id}.png?signature=1`,
    createdAt: '2026-11-28T00:00:00.000Z',
    ...overrides,
  };
}

function savedImage(id: string, overrides: Partial<PostMedia> = {}): PostMedia {
  return {
    id,
    kind: 'article-image',
    mimeType: 'image/jpeg',
    width: 1200,
    height: 630,
    alt: '',
    altSource: null,
    credit: 'Image: The Daily Example',
    ...overrides,
  };
}

interface Recorded {
  url: string;
  method: string;
  body: BodyInit | null | undefined;
}
let requests: Recorded[];

// The editor is lazy-loaded; loading it once here keeps its first transform out of each test's waits.
beforeAll(() => import('#web/features/threads/components/post-media-editor'));
// Lazy chunks and chained requests on a loaded 2-core machine can take longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

let thread: Thread;
let corruptUpload: boolean;

beforeEach(() => {
  requests = [];
  corruptUpload = false;
  thread = seededThread('user-1', 1);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push({ url, method, body: init?.body });
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url === '/api/media/uploads' && method === 'POST') {
        return Response.json({
          uploadId: 'upload-0001',
          url: STORAGE_URL,
          fields: { key: 'user-1/upload-0001', policy: 'signed-policy', 'x-amz-signature': 'abc' },
          expiresAt: '2026-11-28T01:00:00.000Z',
        });
      }
      if (url === STORAGE_URL && method === 'POST') return new Response(null, { status: 204 });
      if (url === '/api/media/uploads/upload-0001/complete' && method === 'POST') {
        if (corruptUpload) {
          return Response.json(
            { error: 'The file is not a readable image', code: 'validation_failed' },
            { status: 400 },
          );
        }
        return Response.json(storedMedia('media-new-0001'));
      }
      const media = /^\/api\/media\/([\w-]+)$/.exec(url);
      if (media && method === 'DELETE') return new Response(null, { status: 204 });
      if (media) return Response.json(storedMedia(media[1] ?? ''));
      if (url === `/api/threads/${thread.id}/posts/post-0/quote-card` && method === 'POST') {
        const card = storedMedia('card-00000001', { kind: 'quote-card' });
        return Response.json({
          media: card,
          postMedia: {
            ...savedImage(card.id, { kind: 'quote-card', mimeType: 'image/png' }),
            alt: '"Rivers rise." Ada Lovelace, The Daily Example, example.com',
            altSource: 'passage',
            credit: null,
          },
        });
      }
      if (url === `/api/threads/${thread.id}/article-picture` && method === 'POST') {
        return Response.json({
          media: storedMedia('article-00001', { kind: 'article-image' }),
          postMedia: savedImage('article-00001', {
            alt: 'The ferry at its mooring',
            altSource: 'page',
            credit: 'Photo: Jonas Berg',
          }),
        });
      }
      if (url === `/api/threads/${thread.id}` && method === 'PUT') {
        const { posts } = JSON.parse(String(init?.body)) as { posts: Post[] };
        return Response.json({ ...thread, posts: posts.map((post) => ({ ...post, charCount: post.content.length })) });
      }
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Editor({ passage }: { passage?: string }) {
  const editing = useThreadEditing(thread);
  if (passage === undefined) {
    return (
      <>
        <EditableThread editing={editing} />
        <button type="button" onClick={() => void editing.saveThread()}>
          Save thread
        </button>
      </>
    );
  }
  return (
    <ThreadPreviewCard
      posts={editing.posts}
      editingIndex={editing.editingIndex}
      saving={editing.saving}
      onEdit={editing.startEdit}
      onSave={() => undefined}
      onCancelEdit={editing.cancelEdit}
      onAttributionProtected={editing.protectAttribution}
      threadId={editing.threadId}
      onMediaChange={editing.updatePostMedia}
      savedMediaIds={editing.savedMediaIds}
      quoteCardPassage={(post) => (post.id === 'post-0' ? passage : null)}
      suggestedQuoteCardPostId={thread.suggestedQuoteCardPostId ?? null}
    />
  );
}

function renderEditor(passage?: string) {
  return renderRoutes([{ path: '/thread', element: <Editor passage={passage} /> }], {
    auth: signedInAuth(),
    initialEntries: ['/thread'],
  });
}

const png = (name = 'chart.png', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const firstPost = () => screen.getAllByTestId('thread-post')[0] as HTMLElement;
// A picture without alt text yet is shown as decorative (its alt text field says what is missing).
const thumbnail = () =>
  waitFor(() => {
    const image = firstPost().querySelector('img');
    if (!image) throw new Error('No thumbnail yet');
    return image;
  });
const calls = (url: string, method: string) => requests.filter((call) => call.url === url && call.method === method);

describe('pictures in the thread editor', () => {
  it('uploads an image from the file picker (create, presigned POST with fields then file, complete) and saves it on the post', async () => {
    renderEditor();
    await screen.findByRole('button', { name: 'Add image to post 1' });
    expect(screen.queryByRole('button', { name: 'Add image to post 3' })).toBeNull();

    await userEvent.upload(screen.getByLabelText('Image files for post 1'), png());

    const image = await thumbnail();
    expect(image.getAttribute('src')).toBe('http://storage.local/media-bucket/media-new-0001.png?signature=1');
    expect(within(firstPost()).getByRole('status').textContent).toBe('chart.png added. Write its alt text.');
    expect(JSON.parse(String(calls('/api/media/uploads', 'POST')[0]?.body))).toEqual({
      mimeType: 'image/png',
      bytes: 2048,
    });
    const form = calls(STORAGE_URL, 'POST')[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect((form.get('file') as File).name).toBe('chart.png');
    expect(calls('/api/media/uploads/upload-0001/complete', 'POST')).toHaveLength(1);
    // The Media answered by complete is shown without asking for it again.
    expect(calls('/api/media/media-new-0001', 'GET')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save thread' }));
    await waitFor(() => expect(calls(`/api/threads/${thread.id}`, 'PUT')).toHaveLength(1));
    const saved = JSON.parse(String(calls(`/api/threads/${thread.id}`, 'PUT')[0]?.body)) as { posts: Post[] };
    expect(saved.posts[0]?.media).toEqual([
      {
        id: 'media-new-0001',
        kind: 'upload',
        mimeType: 'image/png',
        width: 800,
        height: 600,
        alt: '',
        altSource: null,
        credit: null,
      },
    ]);
    expect(saved.posts[1]?.media).toBeUndefined();
  });

  it('refuses a file of another type or over 15 MB before any request, saying why', async () => {
    renderEditor();
    await screen.findByRole('button', { name: 'Add image to post 1' });
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    fireEvent.drop(firstPost(), { dataTransfer: { files: [svg], types: ['Files'] } });
    expect((await within(firstPost()).findByRole('alert')).textContent).toBe(
      'Could not add logo.svg: Only JPEG, PNG, WebP and GIF images can be added',
    );

    const huge = new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.drop(firstPost(), { dataTransfer: { files: [huge], types: ['Files'] } });
    expect((await within(firstPost()).findByRole('alert')).textContent).toBe(
      'Could not add huge.png: An image can be at most 15 MB',
    );
    expect(requests.filter((call) => call.url.startsWith('/api/media') || call.url === STORAGE_URL)).toEqual([]);
  });

  it('announces a file the server refuses, and adds nothing', async () => {
    corruptUpload = true;
    renderEditor();
    await userEvent.upload(await screen.findByLabelText('Image files for post 1'), png('broken.png'));
    expect((await within(firstPost()).findByRole('alert')).textContent).toBe(
      'Could not add broken.png: The file is not a readable image',
    );
    expect(firstPost().querySelector('img')).toBeNull();
    expect((screen.getByRole('button', { name: 'Add image to post 1' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('adds an image dropped on the post or pasted into it', async () => {
    renderEditor();
    await screen.findByRole('button', { name: 'Add image to post 1' });
    fireEvent.paste(screen.getByRole('button', { name: 'Add image to post 1' }), {
      clipboardData: { files: [png('pasted.png')], types: ['Files'] },
    });
    expect((await thumbnail()).getAttribute('alt')).toBe('');
    expect(calls(STORAGE_URL, 'POST')).toHaveLength(1);
  });

  it('edits alt text with its counter, shows the ALT badge once written, and marks drafted alt text', async () => {
    thread = seededThread('user-1', 1);
    thread.posts[0] = { ...(thread.posts[0] as Post), media: [savedImage('article-0001')] };
    thread.posts[1] = {
      ...(thread.posts[1] as Post),
      media: [savedImage('article-0002', { alt: 'A flooded street', altSource: 'drafted' })],
    };
    renderEditor();

    const alt = await screen.findByLabelText('Alt text for image 1 of post 1');
    expect(within(firstPost()).queryByText('ALT')).toBeNull();
    expect(within(firstPost()).getByText('Image: The Daily Example')).toBeTruthy();
    expect(within(firstPost()).getByText('0 / 1500')).toBeTruthy();
    await userEvent.type(alt, 'A chart');
    expect(within(firstPost()).getByText('7 / 1500')).toBeTruthy();
    expect(within(firstPost()).getByText('ALT')).toBeTruthy();

    const second = screen.getAllByTestId('thread-post')[1] as HTMLElement;
    expect(within(second).getByText('Drafted — check it')).toBeTruthy();
    expect(within(second).getByLabelText('Alt text for image 1 of post 2').getAttribute('aria-describedby')).toContain(
      within(second).getByText('Drafted — check it').id,
    );
    // Once the curator edits a drafted text it is theirs.
    await userEvent.type(within(second).getByLabelText('Alt text for image 1 of post 2'), '.');
    expect(within(second).queryByText('Drafted — check it')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save thread' }));
    await waitFor(() => expect(calls(`/api/threads/${thread.id}`, 'PUT')).toHaveLength(1));
    const saved = JSON.parse(String(calls(`/api/threads/${thread.id}`, 'PUT')[0]?.body)) as { posts: Post[] };
    expect(saved.posts[0]?.media?.[0]).toMatchObject({ alt: 'A chart', altSource: 'curator' });
    expect(saved.posts[1]?.media?.[0]).toMatchObject({ alt: 'A flooded street.', altSource: 'curator' });
  });

  it('moves images left and right, and deletes the file only of an upload not yet saved', async () => {
    thread = seededThread('user-1', 1);
    thread.posts[0] = {
      ...(thread.posts[0] as Post),
      media: [savedImage('saved-00001', { alt: 'First' }), savedImage('saved-00002', { alt: 'Second' })],
    };
    renderEditor();
    const altTexts = () =>
      within(firstPost())
        .getAllByRole('textbox')
        .map((box) => (box as HTMLTextAreaElement).value);

    await userEvent.click(await screen.findByRole('button', { name: 'Move image 1 of post 1 right' }));
    expect(altTexts()).toEqual(['Second', 'First']);
    expect(within(firstPost()).getByRole('status').textContent).toBe('Image moved to position 2 of 2.');
    expect((screen.getByRole('button', { name: 'Move image 1 of post 1 left' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await userEvent.upload(screen.getByLabelText('Image files for post 1'), png());
    await waitFor(() => expect(altTexts()).toEqual(['Second', 'First', '']));
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 3 of post 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1 of post 1' }));
    expect(altTexts()).toEqual(['First']);
    expect(within(firstPost()).getByRole('status').textContent).toBe('Image removed.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add image to post 1' }));
    await waitFor(() => expect(calls('/api/media/media-new-0001', 'DELETE')).toHaveLength(1));
    expect(requests.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('stops offering more once a post has 4 images', async () => {
    thread = seededThread('user-1', 1);
    thread.posts[0] = {
      ...(thread.posts[0] as Post),
      media: ['full-000001', 'full-000002', 'full-000003', 'full-000004'].map((id) => savedImage(id)),
    };
    renderEditor();
    const add = (await screen.findByRole('button', { name: 'Add image to post 1' })) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(within(firstPost()).getByText('This post already has 4 images, the most a post can carry.')).toBeTruthy();
  });

  it('makes a quote card with the chosen design, theme and format, its alt text the passage and credit', async () => {
    renderEditor('Rivers rise.');
    expect(await screen.findByRole('button', { name: 'Add image to post 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quote card for post 2' })).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Quote card for post 1' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Make a quote card' });
    const preview = within(panel).getByTestId('quote-card-preview');
    expect(preview.textContent).toBe('Rivers rise.');
    expect(preview.className).toContain('quote-card-preview--classic');
    await userEvent.click(within(panel).getByRole('radio', { name: 'Bold' }));
    await userEvent.click(within(panel).getByRole('radio', { name: 'Dark' }));
    await userEvent.click(within(panel).getByRole('radio', { name: 'Portrait 1080×1350' }));
    expect(preview.className).toContain('quote-card-preview--bold');
    expect(preview.className).toContain('quote-card-preview--dark');
    expect(preview.style.aspectRatio).toBe('1080 / 1350');

    await userEvent.click(within(panel).getByRole('button', { name: 'Add quote card' }));
    const alt = await screen.findByLabelText('Alt text for image 1 of post 1');
    expect((alt as HTMLTextAreaElement).value).toBe('"Rivers rise." Ada Lovelace, The Daily Example, example.com');
    expect(within(firstPost()).getByText('ALT')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Make a quote card' })).toBeNull();
    expect(within(firstPost()).getByRole('status').textContent).toBe('Quote card added.');
    const request = calls(`/api/threads/${thread.id}/posts/post-0/quote-card`, 'POST')[0];
    expect(JSON.parse(String(request?.body))).toEqual({ design: 'bold', theme: 'dark', format: 'portrait' });
  });

  it("offers the article's own picture on the first post, opt-in, with the page's alt text and credit", async () => {
    thread.articleImage = {
      url: 'https://news.example.com/ferry.jpg',
      alt: 'The ferry at its mooring',
      credit: 'Photo: Jonas Berg',
    };
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: "Use the article's picture on post 1" }));
    const pictures = await screen.findByRole('list', { name: 'Images of post 1' });
    expect(within(pictures).getByRole('img', { name: 'The ferry at its mooring' })).toBeTruthy();
    expect(within(firstPost()).getByRole('status').textContent).toBe(
      "The article's picture added, with its credit. Check its alt text.",
    );
    // Once on the post it is not offered again, and no other post offers it.
    expect(screen.queryByRole('button', { name: /Use the article's picture/ })).toBeNull();
    expect(calls(`/api/threads/${thread.id}/article-picture`, 'POST')).toHaveLength(1);
  });

  it("says why the article's picture is not offered when the publisher reserves reuse", async () => {
    thread.articleImage = { url: 'https://news.example.com/ferry.jpg', alt: null, credit: null };
    thread.rights = articleRights({ noimageai: true });
    renderEditor();
    expect(await screen.findByText(/asks that its images not be reused \(noimageai\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Use the article's picture/ })).toBeNull();
  });

  it("marks the writer's suggested quote card until the post has a picture", async () => {
    thread.suggestedQuoteCardPostId = 'post-0';
    renderEditor('Rivers rise.');
    const suggestion = await within(firstPost()).findByText('Suggested: this passage reads well on its own');
    expect(suggestion).toBeTruthy();
    await userEvent.click(within(firstPost()).getByRole('button', { name: 'Quote card for post 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add quote card' }));
    await within(firstPost()).findByRole('list', { name: 'Images of post 1' });
    expect(within(firstPost()).queryByText('Suggested: this passage reads well on its own')).toBeNull();
  });
});
