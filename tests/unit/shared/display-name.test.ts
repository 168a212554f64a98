import { describe, expect, it } from 'vitest';
import { displayNameRequestSchema } from '#shared/schemas/account';
import { threadVisibilityRequestSchema } from '#shared/schemas/public';

const parse = (displayName: unknown) => displayNameRequestSchema.safeParse({ displayName });
const refusal = (displayName: unknown) => {
  const result = parse(displayName);
  return result.success ? null : result.error.issues.map((issue) => issue.message).join('; ');
};

describe('a display name', () => {
  it('is kept trimmed, with runs of spaces made one', () => {
    expect(parse('  Dana   Reyes ').data).toEqual({ displayName: 'Dana Reyes' });
    expect(parse('Zoë Ó Briain').data).toEqual({ displayName: 'Zoë Ó Briain' });
    expect(parse('J.R.R. Tolkien').data).toEqual({ displayName: 'J.R.R. Tolkien' });
    expect(parse('@harbourcurator').data).toEqual({ displayName: '@harbourcurator' });
    expect(parse(null).data).toEqual({ displayName: null });
  });

  it('has 2 to 50 characters once trimmed, counting an emoji as one', () => {
    expect(refusal('   ')).toBe('A display name needs at least 2 characters.');
    expect(refusal(' D ')).toBe('A display name needs at least 2 characters.');
    expect(refusal('x'.repeat(51))).toBe('A display name can be at most 50 characters.');
    expect(refusal('🦀'.repeat(50))).toBeNull();
    expect(refusal(42)).not.toBeNull();
  });

  it('refuses control and invisible characters, tabs and line breaks included', () => {
    for (const name of [
      'Dana\nReyes',
      'Dana\tReyes',
      'Dana\u0000',
      'Dana\u202eseyeR',
      'Da\u200bna',
      'Dana\u2028Reyes',
    ]) {
      expect(refusal(name), JSON.stringify(name)).toBe(
        'A display name cannot contain control or invisible characters.',
      );
    }
  });

  it('refuses web and email addresses', () => {
    for (const name of [
      'dana@example.com',
      'Dana (dana.reyes@mail.example)',
      'dana@localhost',
      'https://dana.example',
      'see http://x',
      'www.dana',
      'Dana Reyes example.com',
      'buy-now.shop/deal',
    ]) {
      expect(refusal(name), name).toBe('A display name cannot contain a web address or an email address.');
    }
  });

  it('may be sent along when a thread is made public, validated the same way', () => {
    expect(threadVisibilityRequestSchema.parse({ isPublic: true, displayName: ' Dana  Reyes ' })).toEqual({
      isPublic: true,
      allowIndexing: false,
      displayName: 'Dana Reyes',
    });
    expect(threadVisibilityRequestSchema.safeParse({ isPublic: true, displayName: 'dana@example.com' }).success).toBe(
      false,
    );
    expect(threadVisibilityRequestSchema.parse({ isPublic: true })).toEqual({ isPublic: true, allowIndexing: false });
  });
});
