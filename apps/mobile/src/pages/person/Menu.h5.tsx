import type { ReactNode } from 'react';
import './Menu.h5.scss';

interface MenuRowProps {
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  onClick?(): void;
}

/**
 * H5: the profile menu as plain elements, drawn like the NutUI cell group the mini-programs keep
 * (Menu.tsx), so the tab loads no component library for a list of links. Every row is centred
 * and tappable, so the cell's `align`, `clickable` and `isLast` props are not needed: the hairline
 * goes between rows by CSS.
 */
export function MenuGroup({ children }: { children: ReactNode }) {
  return <div className="person-menu">{children}</div>;
}

export function MenuRow({ title, extra, className, onClick }: MenuRowProps) {
  return (
    <div className={className ? `person-menu__row ${className}` : 'person-menu__row'} role="button" onClick={onClick}>
      <div className="person-menu__title">{title}</div>
      {extra ? <div className="person-menu__extra">{extra}</div> : null}
    </div>
  );
}
