export { ParentVendorDetailPage } from './ParentVendorDetailPage.tsx';
export { InactiveParentVendorsPage, ParentVendorsPage } from './ParentVendorsPage.tsx';
