import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state.tsx';
import { QueryStates } from './query-states.tsx';
import { SearchField } from './search-field.tsx';

afterEach(() => cleanup());

type Page = { results: string[]; count: number };
const query = (state: Partial<UseQueryResult<Page>>) =>
  ({
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...state,
  }) as unknown as UseQueryResult<Page>;

function States({ q }: { q: UseQueryResult<Page> }) {
  return (
    <QueryStates
      query={q}
      loadingLabel="Loading rows…"
      errorMessage={(error) => `Failed: ${(error as Error).message}`}
      isEmpty={(data) => data.results.length === 0}
      empty={<EmptyState title="No rows yet." />}
    >
      {(data) => <p>{data.results.join(', ')}</p>}
    </QueryStates>
  );
}

describe('QueryStates', () => {
  it('shows the loading label while pending', () => {
    render(<States q={query({ isPending: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading rows…');
  });

  it('shows the error with a retry that refetches', async () => {
    const q = query({ isError: true, error: new Error('boom') });
    render(<States q={q} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed: boom');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalled();
  });

  it('shows the empty state, then the data', () => {
    const { rerender } = render(<States q={query({ data: { results: [], count: 0 } })} />);
    expect(screen.getByText('No rows yet.')).toBeInTheDocument();
    rerender(<States q={query({ data: { results: ['a', 'b'], count: 2 } })} />);
    expect(screen.getByText('a, b')).toBeInTheDocument();
  });
});

describe('SearchField', () => {
  it('is a labelled search box', async () => {
    const onChange = vi.fn();
    render(<SearchField id="s" label="Search users" value="" onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await userEvent.setup().type(box, 'x');
    expect(onChange).toHaveBeenCalled();
  });
});
