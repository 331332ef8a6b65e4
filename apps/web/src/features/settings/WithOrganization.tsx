import type { ReactNode } from 'react';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle } from '../../ui/index.ts';

/** SPEC.md §8: what shows where an organisation's name would be when none is selected. */
export const NO_ORGANIZATION = 'No organization Selected.';

/**
 * Renders an organisation page for the selected organisation. The route rules send organisation users
 * to /my-organizations until one is chosen, so the fallback only shows if storage was cleared meanwhile.
 */
export function WithOrganization({
  title,
  children,
}: {
  title: string;
  children: (orgGuid: string) => ReactNode;
}) {
  const { organization } = useSession();
  if (organization) return children(organization.guid);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <EmptyState title={NO_ORGANIZATION} />
    </>
  );
}
