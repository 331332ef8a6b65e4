import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setupUser } from '../test-utils.tsx';
import { SessionsSection } from './SessionsSection.tsx';

describe('SessionsSection', () => {
  it('asks first, then signs out every other session and says so', async () => {
    const user = setupUser();
    const endOtherSessions = vi.fn(async () => {});
    renderPage(<SessionsSection />, { route: '/profile', session: { endOtherSessions } });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('You stay signed in here.');
    expect(endOtherSessions).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(endOtherSessions).toHaveBeenCalledTimes(1));
    expect((await screen.findByText('Signed out of every other session.')).textContent).toBe(
      'Signed out of every other session.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancelling ends nothing; a failure is shown', async () => {
    const user = setupUser();
    const endOtherSessions = vi.fn(async () => {
      throw new Error('network');
    });
    renderPage(<SessionsSection />, { route: '/profile', session: { endOtherSessions } });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(endOtherSessions).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign out the other sessions.');
  });

  it('is not offered while masked', () => {
    renderPage(<SessionsSection />, { route: '/profile', session: { isMasked: true } });
    expect(
      (screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
