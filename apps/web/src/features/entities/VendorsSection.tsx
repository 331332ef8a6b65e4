import { createVendorRequest, entitiesRoutes, patchVendorRequest, type Vendor } from '@bp/contracts';
import type { DataColumn } from '../../ui/index.ts';
import { type FieldSpec, orDash, phoneCell, placeOf, RecordSection } from '../client-records/index.ts';
import type { BookSectionProps } from './book-props.ts';

const columns: DataColumn<Vendor>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'type', header: 'Type', render: (row) => orDash(row.vendor_type) },
  { key: 'place', header: 'Location', render: placeOf },
  { key: 'email', header: 'E-mail', render: (row) => orDash(row.email) },
  { key: 'phone', header: 'Phone', render: (row) => phoneCell(row.primary_phone) },
  { key: 'tax', header: 'Tax ID', render: (row) => orDash(row.tax_id_number) },
];

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'vendor_type', label: 'Vendor type', kind: 'text', half: true, helperText: 'For example utility.' },
  { name: 'tax_id_number', label: 'Tax ID number', kind: 'text', half: true },
  { name: 'email', label: 'E-mail', kind: 'email', half: true },
  { name: 'primary_phone', label: 'Phone', kind: 'phone', half: true, helperText: 'US number, 10 digits.' },
  { name: 'addr1', label: 'Address line 1', kind: 'text' },
  { name: 'addr2', label: 'Address line 2', kind: 'text' },
  { name: 'city', label: 'City', kind: 'text', half: true },
  { name: 'state', label: 'State', kind: 'text', half: true },
  { name: 'postal_code', label: 'Postal code', kind: 'text', half: true },
  { name: 'country', label: 'Country', kind: 'text', half: true },
  {
    name: 'parent_vendor_id',
    label: 'Parent vendor ID',
    kind: 'integer',
    half: true,
    helperText: 'The shared parent vendor, if any.',
  },
  { name: 'is_active', label: 'Active', kind: 'checkbox', half: true },
];
const DEFAULTS = { is_active: true, country: 'US' };

/** Whom the entity pays, with address, contact and tax details (SPEC.md §3 "Vendor"). */
export function VendorsSection({ clientGuid, entityGuid, readOnly }: BookSectionProps) {
  return (
    <RecordSection
      title="Vendors"
      headingLevel="h4"
      noun="vendor"
      routes={{
        list: { route: entitiesRoutes.getBillingClientEntityVendors, params: { clientGuid, entityGuid } },
        create: entitiesRoutes.postBillingClientEntityVendors,
        update: entitiesRoutes.patchBillingClientEntityVendor,
        remove: entitiesRoutes.deleteBillingClientEntityVendor,
        rowParam: 'vendorGuid',
      }}
      columns={columns}
      fields={fields}
      createSchema={createVendorRequest}
      patchSchema={patchVendorRequest}
      defaults={DEFAULTS}
      emptyText="The companies and people this entity pays will be listed here."
      readOnly={readOnly}
      nameOf={(row) => row.name}
    />
  );
}
