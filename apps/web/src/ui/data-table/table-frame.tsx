import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface TableFrameProps {
  /** Names the table for assistive technology (and for tests). */
  label: string;
  /** A thin progress bar while a page is refetched in the background. */
  updating?: boolean;
  /** TableHead and TableBody. */
  children: ReactNode;
  /** Above the table: the column chooser. */
  toolbar?: ReactNode;
  /** Under the table, usually a PagedTableFooter. */
  footer?: ReactNode;
  /** An outlined paper of its own; off where the table already sits in a section's paper. */
  outlined?: boolean;
}

/**
 * Whether the element scrolls sideways (a wide table on a phone): only then must keyboard users be able
 * to focus it to scroll, so it does not add a tab stop to every table.
 */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/** The outlined paper, background-update bar and small table every list screen shows its rows in. */
export function TableFrame({
  label,
  updating = false,
  children,
  toolbar,
  footer,
  outlined = true,
}: TableFrameProps) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  const Frame = outlined ? Paper : Box;
  return (
    <Frame {...(outlined ? { variant: 'outlined' as const } : {})}>
      {toolbar}
      {updating ? <LinearProgress aria-label="Updating" /> : null}
      {/* Positioned so visually hidden headers (absolutely placed) scroll with the table instead of
          widening the page on a phone. */}
      <TableContainer
        ref={ref}
        sx={{ position: 'relative' }}
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
      >
        <Table size="small" aria-label={label}>
          {children}
        </Table>
      </TableContainer>
      {footer}
    </Frame>
  );
}

export interface PagedTableFooterProps {
  /** Rows in the list; with `countCapped`, a lower bound. */
  count: number;
  /** The list holds more than `count` rows: "1–10 of 1,000+", and `hasNext` says when it ends. */
  countCapped?: boolean;
  /** Whether a page follows; when left out, the count decides. */
  hasNext?: boolean;
  /** Rows shown on this page, for "31–35 of 1,000+" on a short last page of a capped list. */
  rowsOnPage?: number;
  /** 0-based, as TablePagination counts. */
  page: number;
  /** The API's fixed page size: the only rows-per-page choice offered. */
  pageSize: number;
  onPageChange: (page: number) => void;
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * Paging under a table: one fixed page size, 0-based pages. A capped count reads "11–20 of 1,000+"
 * (past the cap, "of" the highest row reached, still with "+"), and the next button follows `hasNext`.
 */
export function PagedTableFooter({
  count,
  countCapped = false,
  hasNext,
  rowsOnPage,
  page,
  pageSize,
  onPageChange,
}: PagedTableFooterProps) {
  // MUI counts an unknown total's page as full; the rows on screen say where it really ends.
  const lastRow = (to: number, from: number) =>
    rowsOnPage === undefined ? to : Math.min(to, from + Math.max(rowsOnPage, 1) - 1);
  return (
    <TablePagination
      component="div"
      // -1 is MUI's "unknown": it no longer works out the last page from the count.
      count={countCapped ? -1 : count}
      page={page}
      onPageChange={(_event, next) => onPageChange(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      labelDisplayedRows={({ from, to }) =>
        countCapped
          ? `${formatCount(from)}–${formatCount(lastRow(to, from))} of ${formatCount(Math.max(count, lastRow(to, from)))}+`
          : `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`
      }
      slotProps={hasNext === undefined ? undefined : { actions: { nextButton: { disabled: !hasNext } } }}
    />
  );
}
