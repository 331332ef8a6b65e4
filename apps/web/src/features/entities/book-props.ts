/** What every section of an entity's books needs. */
export interface BookSectionProps {
  clientGuid: string;
  entityGuid: string;
  readOnly?: boolean;
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
