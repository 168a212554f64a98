// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '#web/features/auth/routes/auth-page';
import type { AuthContextValue } from '#web/lib/auth-context';
import { fakeAuth, LocationProbe, renderRoutes } from './test-utils';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function renderAuth(auth: AuthContextValue = fakeAuth(), entry = '/auth') {
  return renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { auth, initialEntries: [entry] },
  );
}

function amplifyError(name: string, message = name): Error {
  return Object.assign(new Error(message), { name });
}

const submitButton = (name: 'Sign In' | 'Create Account') => screen.getByRole('button', { name });

describe('/auth modes', () => {
  it('starts in sign-in mode and switches to sign-up with the benefits panel', async () => {
    const user = userEvent.setup();
    renderAuth();

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    expect(screen.queryByText('Why create an account?')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
    expect(screen.getByText('Why create an account?')).toBeTruthy();
    for (const benefit of [
      'Secure social connections',
      'Save your threads',
      'Track your credits',
      'Personalized experience',
    ]) {
      expect(screen.getByText(benefit)).toBeTruthy();
    }
  });

  it('keeps submit disabled until both fields are filled, and while the request is pending', async () => {
    const user = userEvent.setup();
    let finish: (value: 'signedIn') => void = () => undefined;
    const signIn = vi.fn(() => new Promise<'signedIn'>((resolve) => (finish = resolve)));
    renderAuth(fakeAuth({ signIn }));

    expect((submitButton('Sign In') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect((submitButton('Sign In') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    expect((submitButton('Sign In') as HTMLButtonElement).disabled).toBe(false);

    await user.click(submitButton('Sign In'));
    const pendingButton = screen.getByRole('button', { name: 'Please wait…' }) as HTMLButtonElement;
    expect(pendingButton.disabled).toBe(true);
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret1');
    finish('signedIn');
    await waitFor(() => expect((submitButton('Sign In') as HTMLButtonElement).disabled).toBe(false));
  });

  it('uses an email input and toggles password visibility', async () => {
    const user = userEvent.setup();
    renderAuth();
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('shows the pending-generation subtitle when url is present', () => {
    renderAuth(fakeAuth(), '/auth?url=https%3A%2F%2Fexample.com%2Fa');
    expect(screen.getByText('Sign in to continue generating your thread')).toBeTruthy();
  });

  it('says Google Sign-In is unavailable without Google config, and never contacts Google', () => {
    const fetchGoogle = vi.fn(async () => new Response(null));
    vi.stubGlobal('fetch', fetchGoogle);
    renderAuth(fakeAuth({ googleSignInAvailable: false }));
    expect(screen.getByText('Google Sign-In unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(fetchGoogle).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('offers the Google button once Google can be reached, and the blocked message when it cannot', async () => {
    const fetchGoogle = vi.fn(async () => new Response(null));
    vi.stubGlobal('fetch', fetchGoogle);
    renderAuth(fakeAuth({ googleSignInAvailable: true }));
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(fetchGoogle).toHaveBeenCalledWith('https://accounts.google.com/gsi/client', expect.anything());
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderAuth(fakeAuth({ googleSignInAvailable: true }));
    expect(
      await screen.findByText('Google Sign-In blocked. Please disable ad blockers or allow cookies.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('/auth sign-in results', () => {
  it.each(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'])(
    'reports %s as invalid credentials, never the raw error',
    async (name) => {
      const user = userEvent.setup();
      const signIn = vi.fn(async () => {
        throw amplifyError(name, 'Raw service text');
      });
      renderAuth(fakeAuth({ signIn }));
      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.type(screen.getByLabelText('Password'), 'wrong-password');
      await user.click(submitButton('Sign In'));

      expect(await screen.findByText('Sign in failed')).toBeTruthy();
      expect(
        screen.getAllByText('Invalid email or password. Please check your credentials and try again.').length,
      ).toBeGreaterThan(0);
      expect(screen.queryByText('Raw service text')).toBeNull();
    },
  );

  it('reports a network failure with the network message', async () => {
    const user = userEvent.setup();
    const signIn = vi.fn(async () => {
      throw amplifyError('NetworkError', 'A network error has occurred.');
    });
    renderAuth(fakeAuth({ signIn }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Sign In'));
    expect(
      (await screen.findAllByText('Unable to reach the sign-in service. Please check your connection and try again.'))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText('A network error has occurred.')).toBeNull();
  });

  it('welcomes the user and goes to /create with url and tone after sign-in (replacing /auth)', async () => {
    const user = userEvent.setup();
    const { router } = renderAuth(fakeAuth(), '/auth?url=https%3A%2F%2Fexample.com%2Fpost&tone=casual');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Sign In'));

    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/create?url=https%3A%2F%2Fexample.com%2Fpost&tone=casual',
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends an already signed-in visitor to the redirect target at once', async () => {
    renderAuth(
      fakeAuth({ status: 'signedIn', user: { userId: 'u', email: 'ada@example.com' } }),
      '/auth?redirect=%2Fhistory',
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/history'));
  });
});

describe('/auth sign-up', () => {
  it('signs in instead when the email is already registered', async () => {
    const user = userEvent.setup();
    const signUp = vi.fn(async () => {
      throw amplifyError('UsernameExistsException', 'User already exists');
    });
    const signIn = vi.fn(async () => 'signedIn' as const);
    renderAuth(fakeAuth({ signUp, signIn }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Create Account'));

    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret1');
    expect(await screen.findByText("You've been signed in successfully.")).toBeTruthy();
  });

  it('explains a weak password', async () => {
    const user = userEvent.setup();
    const signUp = vi.fn(async () => {
      throw amplifyError('InvalidPasswordException', 'Password did not conform with policy');
    });
    renderAuth(fakeAuth({ signUp }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(submitButton('Create Account'));

    expect(
      (
        await screen.findAllByText(
          'Password requirements not met. Please ensure your password is at least 6 characters long.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });

  it('asks for the confirmation code when the cloud requires it, then signs in', async () => {
    const user = userEvent.setup();
    const signUp = vi.fn(async () => 'confirmSignUp' as const);
    const confirmSignUp = vi.fn(async () => undefined);
    const signIn = vi.fn(async () => 'signedIn' as const);
    renderAuth(fakeAuth({ signUp, confirmSignUp, signIn }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Create Account'));

    expect(await screen.findByText('Please check your email to verify your account.')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm Account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(confirm);

    expect(confirmSignUp).toHaveBeenCalledWith('ada@example.com', '123456');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret1'));
  });
});

describe('/auth password reset', () => {
  it('asks for the email first', async () => {
    const user = userEvent.setup();
    const resetPassword = vi.fn(async () => undefined);
    renderAuth(fakeAuth({ resetPassword }));
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByText('Please enter your email address first')).toBeTruthy();
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('shows the reset notice, then takes the code and new password; switching mode clears the notice', async () => {
    const user = userEvent.setup();
    const resetPassword = vi.fn(async () => undefined);
    const confirmResetPassword = vi.fn(async () => undefined);
    renderAuth(fakeAuth({ resetPassword, confirmResetPassword }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    expect(await screen.findByText('Password reset email sent! Check your inbox for instructions.')).toBeTruthy();
    await user.type(screen.getByLabelText('Reset code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(confirmResetPassword).toHaveBeenCalledWith('ada@example.com', '654321', 'new-secret');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByText('Password reset email sent! Check your inbox for instructions.')).toBeNull();
  });

  it('clears the error when switching mode', async () => {
    const user = userEvent.setup();
    renderAuth();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByText('Please enter your email address first')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByText('Please enter your email address first')).toBeNull();
  });
});
