/** Mini-programs bundle the sheet with the page: they have no code to fetch later. */
export { CardTypeSheet } from './CardTypeSheet';
