import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { StateView } from '@/components/StateView';
import { useT } from '@/i18n';
import { navigateTo } from '@/navigation';

/** A page about the user's own identity, opened by a visitor: the way to log in, and back here after. */
export function LoginFirst({ body }: { body: string }) {
  const t = useT();
  return (
    <StateView
      kind="empty"
      title={t('identity.loginFirst.title')}
      body={body}
      action={
        <Button type="primary" shape="round" onClick={() => void navigateTo('login')}>
          {t('person.login')}
        </Button>
      }
    />
  );
}
