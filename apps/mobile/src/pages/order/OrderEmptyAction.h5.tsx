import './OrderEmptyAction.h5.scss';

/**
 * H5: the way on from an empty order tab as a plain element styled like the mini-programs' NutUI
 * round primary button (OrderEmptyAction.tsx), so the tab loads no component library for it.
 */
export function OrderEmptyAction({ label, onTap }: { label: string; onTap(): void }) {
  return (
    <div className="orders__empty-action" role="button" onClick={onTap}>
      {label}
    </div>
  );
}
