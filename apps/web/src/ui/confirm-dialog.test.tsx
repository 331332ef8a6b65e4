import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, useConfirmTarget } from './confirm-dialog.tsx';

afterEach(() => cleanup());

describe('ConfirmDialog', () => {
  it('is a dialog named by its title that confirms or cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete Acme?"
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onClose={onClose}
      >
        It cannot be undone.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme?' });
    expect(dialog).toHaveTextContent('It cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be cancelled while its action runs', () => {
    render(
      <ConfirmDialog open title="Remove?" confirmLabel="Remove" pending onConfirm={vi.fn()} onClose={vi.fn()}>
        Gone.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('renders nothing when closed', () => {
    render(
      <ConfirmDialog open={false} title="Remove?" confirmLabel="Remove" onConfirm={vi.fn()} onClose={vi.fn()}>
        Gone.
      </ConfirmDialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('useConfirmTarget', () => {
  it('opens on ask and keeps the target after closing', () => {
    const { result } = renderHook(() => useConfirmTarget<string>());
    expect(result.current.open).toBe(false);
    act(() => result.current.ask('row-1'));
    expect(result.current).toMatchObject({ open: true, target: 'row-1' });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ open: false, target: 'row-1' });
  });
});
