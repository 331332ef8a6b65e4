import { EmptyState } from '../../ui/empty-state.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export interface PlaceholderPageProps {
  title: string;
  /** What will appear on this page once its screen is built; never sample data. */
  empty: string;
}

/** A registered route whose screen comes later: its real title and an honest empty state. */
export function PlaceholderPage({ title, empty }: PlaceholderPageProps) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <EmptyState title="Nothing to show yet">{empty}</EmptyState>
    </>
  );
}
