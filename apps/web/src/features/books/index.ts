export { BooksTab } from './BooksTab.tsx';
