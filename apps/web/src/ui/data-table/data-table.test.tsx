import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataColumn } from './columns.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';

afterEach(() => cleanup());

type Fruit = { guid: string; name: string; colour: string; price: number };
const FRUITS: Fruit[] = [
  { guid: 'a', name: 'Apple', colour: 'Red', price: 120 },
  { guid: 'b', name: 'Banana', colour: 'Yellow', price: 45 },
];
const COLUMNS: DataColumn<Fruit>[] = [
  { key: 'name', header: 'Name', sortField: 'name', hideable: false, render: (f) => f.name },
  { key: 'colour', header: 'Colour', render: (f) => f.colour },
  { key: 'price', header: 'Price', align: 'right', sortField: 'price', render: (f) => `${f.price}¢` },
];

function Fruits(props: Partial<DataTableProps<Fruit>>) {
  return <DataTable label="Fruits" columns={COLUMNS} rows={FRUITS} rowKey={(f) => f.guid} {...props} />;
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('DataTable', () => {
  it('shows a row per item under the column headers, named by its label', () => {
    render(<Fruits />);
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(headers()).toEqual(['Name', 'Colour', 'Price']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('AppleRed120¢');
    expect(rows[2]).toHaveTextContent('BananaYellow45¢');
  });

  it('says so when there are no rows, and shows a spinner while loading', () => {
    const { rerender } = render(<Fruits rows={[]} empty="No fruit yet." />);
    expect(screen.getByRole('cell', { name: 'No fruit yet.' })).toBeInTheDocument();
    rerender(<Fruits rows={[]} loadingLabel="Loading fruit…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading fruit…');
  });

  it('sorts on the server: sort buttons, aria-sort on the sorted column, asc then desc', async () => {
    const user = userEvent.setup();
    const onOrderingChange = vi.fn();
    const { rerender } = render(<Fruits ordering="name" onOrderingChange={onOrderingChange} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Price' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Colour' })).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onOrderingChange).toHaveBeenLastCalledWith('-name');
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(onOrderingChange).toHaveBeenLastCalledWith('price');

    rerender(<Fruits ordering="-name" onOrderingChange={onOrderingChange} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onOrderingChange).toHaveBeenLastCalledWith('name');
  });

  it('pages on the server with the one fixed page size', async () => {
    const onPageChange = vi.fn();
    render(<Fruits paging={{ count: 45, page: 0, pageSize: 20, onPageChange }} updating />);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Updating' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('selects rows one by one or the whole page, by keyboard too', async () => {
    const user = userEvent.setup();
    function Selectable() {
      const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
      return (
        <Fruits
          selection={{
            selected,
            onToggle: (f) =>
              setSelected((s) => {
                const next = new Set(s);
                if (!next.delete(f.guid)) next.add(f.guid);
                return next;
              }),
            onTogglePage: (rows, select) => setSelected(new Set(select ? rows.map((f) => f.guid) : [])),
            rowLabel: (f) => `Select ${f.name}`,
            pageLabel: 'Select all fruit on this page',
          }}
        />
      );
    }
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all fruit on this page' });
    const apple = screen.getByRole('checkbox', { name: 'Select Apple' });
    await user.click(apple);
    expect(apple).toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    screen.getByRole('checkbox', { name: 'Select Banana' }).focus();
    await user.keyboard(' ');
    expect(all).toBeChecked();
    await user.click(all);
    expect(apple).not.toBeChecked();
  });

  it('lets the user hide and show columns, never the one that names the row', async () => {
    const user = userEvent.setup();
    render(
      <Fruits
        columnChoice
        columns={COLUMNS.map((c) => (c.key === 'price' ? { ...c, hiddenByDefault: true } : c))}
      />,
    );
    expect(headers()).toEqual(['Name', 'Colour']);
    await user.click(screen.getByRole('button', { name: 'Columns of Fruits' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Name' })).toBeNull();
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Colour' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Price' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Colour' }));
    await user.keyboard('{Escape}');
    expect(headers()).toEqual(['Name', 'Price']);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Apple120¢');
  });

  it('opens a row on click, with actions, a highlighted row, a detail row and a totals row', async () => {
    const onRowClick = vi.fn();
    render(
      <Fruits
        onRowClick={onRowClick}
        highlightedKey="b"
        actions={(f) => <button type="button">Eat {f.name}</button>}
        rowDetail={(f) => (f.guid === 'a' ? <p>Apple details</p> : null)}
        footerRow={(column) => (column.key === 'name' ? 'Total' : column.key === 'price' ? '165¢' : null)}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByText('Apple details')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    // header, Apple, Apple's detail, Banana, totals
    expect(rows).toHaveLength(5);
    expect(rows[3]).toHaveClass('Mui-selected');
    expect(rows[4]).toHaveTextContent('Total165¢');
    await userEvent.setup().click(screen.getByRole('cell', { name: 'Yellow' }));
    expect(onRowClick).toHaveBeenCalledWith(FRUITS[1]);
  });
});
