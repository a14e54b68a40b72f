import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';

/** The way on from an empty order tab: NutUI's round primary button (OrderEmptyAction.h5.tsx on H5). */
export function OrderEmptyAction({ label, onTap }: { label: string; onTap(): void }) {
  return (
    <Button className="orders__empty-action" type="primary" shape="round" onClick={onTap}>
      {label}
    </Button>
  );
}
