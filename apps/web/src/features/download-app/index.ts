export { ContinueDownloadAppPage } from './ContinueDownloadAppPage.tsx';
export { DownloadAppPage } from './DownloadAppPage.tsx';
