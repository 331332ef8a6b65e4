export { ArchivedPreBillsPage } from './ArchivedPreBillsPage.tsx';
export { ConvertPreBillPage } from './ConvertPreBillPage.tsx';
export { InboxAddressCard } from './InboxAddressCard.tsx';
export { InboxEmailList } from './InboxEmailList.tsx';
