import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { Text, View } from '@tarojs/components';
import { NavHeader } from '@/components/NavHeader';
import { TabPage } from '@/components/TabPage';
import { useT, type MessageKey } from '@/i18n';
import { switchTab } from '@/navigation';
import './home.scss';

/** How selling works, in the order it happens. */
const sellingSteps: readonly { titleKey: MessageKey; bodyKey: MessageKey }[] = [
  { titleKey: 'home.steps.submit.title', bodyKey: 'home.steps.submit.body' },
  { titleKey: 'home.steps.verify.title', bodyKey: 'home.steps.verify.body' },
  { titleKey: 'home.steps.cash.title', bodyKey: 'home.steps.cash.body' },
];

export default function Home() {
  const t = useT();
  return (
    <TabPage route="home" className="home">
      <NavHeader title={t('app.name')}>
        <View className="home__hero">
          <Text className="home__tagline">{t('home.tagline')}</Text>
          <Text className="home__subtitle">{t('home.subtitle')}</Text>
          <Button className="home__sell" shape="round" size="large" onClick={() => void switchTab('goodsClass')}>
            {t('home.sellCard')}
          </Button>
        </View>
      </NavHeader>

      <View className="home__steps">
        <Text className="home__steps-title">{t('home.steps.title')}</Text>
        {sellingSteps.map((step, index) => (
          <View key={step.titleKey} className="home__step">
            <View className="home__step-number">
              <Text>{index + 1}</Text>
            </View>
            <View className="home__step-text">
              <Text className="home__step-title">{t(step.titleKey)}</Text>
              <Text className="home__step-body">{t(step.bodyKey)}</Text>
            </View>
          </View>
        ))}
      </View>
    </TabPage>
  );
}
