import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalSearch } from './use-modal-search.ts';

afterEach(() => cleanup());

function Host() {
  const { isOpen, openModal, closeModal } = useModalSearch();
  return (
    <>
      <button type="button" onClick={() => openModal('two-factor', { step: '2' })}>
        open
      </button>
      {isOpen('two-factor') ? (
        <div role="dialog">
          <button type="button" onClick={closeModal}>
            close
          </button>
        </div>
      ) : null}
    </>
  );
}

describe('useModalSearch', () => {
  it('opens a modal through the url and clears the whole search string on close', async () => {
    const router = createMemoryRouter([{ path: '/profile', element: <Host /> }], {
      initialEntries: ['/profile?tab=security'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(router.state.location.search).toBe('?step=2&modal=two-factor');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a modal named in the url on arrival', () => {
    const router = createMemoryRouter([{ path: '/profile', element: <Host /> }], {
      initialEntries: ['/profile?modal=two-factor'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
