// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostEditor } from '#web/features/threads/components/post-editor';

afterEach(cleanup);

function renderEditor(initialContent = 'Cities run hotter than the countryside around them.') {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <PostEditor
      initialContent={initialContent}
      position={2}
      total={5}
      saving={false}
      onSave={onSave}
      onCancel={onCancel}
    />,
  );
  return { onSave, onCancel, textbox: screen.getByRole('textbox', { name: 'Post 2 of 5' }) };
}

describe('PostEditor', () => {
  it('shows the Editing Mode badge, the word count and the character badge', async () => {
    const { textbox } = renderEditor('One two three');
    expect(screen.getByText('Editing Mode')).toBeTruthy();
    expect(screen.getByText('3 words')).toBeTruthy();
    expect(screen.getByTestId('char-count').textContent).toBe('13/280');
    await userEvent.type(textbox, ' four');
    expect(screen.getByText('4 words')).toBeTruthy();
    expect(screen.getByTestId('char-count').textContent).toBe('18/280');
  });

  it('saves the draft with Ctrl+Enter and with Cmd+Enter', async () => {
    const { onSave, textbox } = renderEditor('Draft');
    await userEvent.type(textbox, ' edited{Control>}{Enter}{/Control}');
    expect(onSave).toHaveBeenCalledWith('Draft edited');
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSave).toHaveBeenCalledTimes(2);
    // A plain Enter is a line break, not a save.
    await userEvent.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(2);
    expect((textbox as HTMLTextAreaElement).value).toBe('Draft edited\n');
  });

  it('cancels at once with Esc when nothing changed', async () => {
    const { onCancel } = renderEditor();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before discarding unsaved changes: Keep Editing keeps them, Discard Changes drops them', async () => {
    const { onCancel, textbox } = renderEditor('Original');
    await userEvent.type(textbox, ' and more');
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Discard Changes?' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Keep Editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((textbox as HTMLTextAreaElement).value).toBe('Original and more');
    expect(onCancel).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard Changes' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('refuses to save a draft over the 280 limit', async () => {
    const { onSave, textbox } = renderEditor('');
    await userEvent.click(textbox);
    await userEvent.paste('x'.repeat(290));
    expect(screen.getByRole('alert').textContent).toBe(
      'Post exceeds character limit. Consider shortening before saving.',
    );
    expect(screen.getByTestId('char-count').textContent).toBe('290/280 · 10 over limit');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSave).not.toHaveBeenCalled();
  });
});
