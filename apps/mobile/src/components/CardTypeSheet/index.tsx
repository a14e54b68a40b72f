// Taro picks SheetLoader.h5.tsx for H5 builds and SheetLoader.tsx for the mini-programs.
export { CardTypeSheet } from './SheetLoader';
