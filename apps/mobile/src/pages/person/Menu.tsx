import { Cell } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cellgroup/style/css';

/**
 * The profile menu's cards and rows: NutUI's cells on the mini-programs. H5 draws them with plain
 * elements (Menu.h5.tsx), so the tab does not load NutUI for a list of links.
 */
export const MenuGroup = Cell.Group;
export const MenuRow = Cell;
