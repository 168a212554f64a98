import { describe, expect, it } from 'vitest';
import {
  type AuthFormEvent,
  type AuthFormState,
  authFormReducer,
  canSubmit,
  initialAuthForm,
} from '#web/features/auth/lib/auth-form';

function run(events: AuthFormEvent[], from: AuthFormState = initialAuthForm): AuthFormState {
  return events.reduce(authFormReducer, from);
}

const typed = run([
  { type: 'edited', field: 'email', value: 'ada@example.com' },
  { type: 'edited', field: 'password', value: 'secret1' },
]);

describe('the /auth form', () => {
  it('clears the error when a request starts, and keeps a failure until the next one', () => {
    const failed = run(
      [{ type: 'requestStarted' }, { type: 'failed', message: 'Nope' }, { type: 'requestEnded' }],
      typed,
    );
    expect(failed).toMatchObject({ pending: false, error: 'Nope' });
    expect(run([{ type: 'requestStarted' }], failed)).toMatchObject({ pending: true, error: null });
  });

  it('goes to the reset step with the notice, forgetting the old password; the reset makes the new one current', () => {
    const reset = run([{ type: 'resetAsked' }, { type: 'resetCodeSent', notice: 'Sent' }], typed);
    expect(reset).toMatchObject({ step: 'resetPassword', resetNotice: 'Sent', password: '' });
    const done = run([{ type: 'edited', field: 'newPassword', value: 'new-secret' }, { type: 'passwordReset' }], reset);
    expect(done).toMatchObject({ resetNotice: null, password: 'new-secret' });
  });

  it('switching mode or going back returns to the credentials without the code, error or notice', () => {
    const confirming = run(
      [
        { type: 'confirmationNeeded' },
        { type: 'edited', field: 'code', value: '123456' },
        { type: 'failed', message: 'Wrong code' },
      ],
      typed,
    );
    expect(confirming.step).toBe('confirmSignUp');
    expect(run([{ type: 'modeSwitched', mode: 'signUp' }], confirming)).toMatchObject({
      mode: 'signUp',
      step: 'credentials',
      code: '',
      error: null,
      resetNotice: null,
      email: 'ada@example.com',
    });
    const resetting = run(
      [
        { type: 'resetCodeSent', notice: 'Sent' },
        { type: 'edited', field: 'newPassword', value: 'x' },
      ],
      typed,
    );
    expect(run([{ type: 'backToCredentials' }], resetting)).toMatchObject({
      step: 'credentials',
      resetNotice: null,
      newPassword: '',
      code: '',
    });
  });

  it('lets each step submit only with what its request needs, and never while one is pending', () => {
    expect(
      canSubmit(
        run([
          { type: 'edited', field: 'email', value: ' ' },
          { type: 'edited', field: 'password', value: 'p' },
        ]),
      ),
    ).toBe(false);
    expect(canSubmit(typed)).toBe(true);
    expect(canSubmit(run([{ type: 'requestStarted' }], typed))).toBe(false);
    const confirming = run([{ type: 'confirmationNeeded' }], typed);
    expect(canSubmit(confirming)).toBe(false);
    expect(canSubmit(run([{ type: 'edited', field: 'code', value: '123456' }], confirming))).toBe(true);
    const resetting = run(
      [
        { type: 'resetCodeSent', notice: 'Sent' },
        { type: 'edited', field: 'code', value: '1' },
      ],
      typed,
    );
    expect(canSubmit(resetting)).toBe(false);
    expect(canSubmit(run([{ type: 'edited', field: 'newPassword', value: 'n' }], resetting))).toBe(true);
  });
});
