import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { TabPage } from '@/components/TabPage';
import { useT } from '@/i18n';
import { switchTab } from '@/navigation';
import './order.scss';

export default function Order() {
  const t = useT();
  return (
    <TabPage route="order" className="order">
      <View className="order__empty">
        <View className="order__empty-picture" />
        <Text className="order__empty-title">{t('order.empty.title')}</Text>
        <Text className="order__empty-body">{t('order.empty.body')}</Text>
        <Button className="order__empty-action" type="primary" shape="round" onClick={() => void switchTab('goodsClass')}>
          {t('order.empty.action')}
        </Button>
      </View>
    </TabPage>
  );
}
