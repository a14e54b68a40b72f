import { genderTable, locales, NICKNAME_MAX_UNITS, type Locale } from '@maika/shared';
import { ActionSheet, Button, Cell, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/actionsheet/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/cellgroup/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { Image, Input, Text, View } from '@tarojs/components';
import { useState } from 'react';
import { useChangeAvatar } from '@/api/queries/avatar';
import { useAvatarUrl, useCancelAccount, useUpdateProfile, useUserInfo } from '@/api/queries/user';
import { confirm, toast } from '@/feedback';
import { useConfirmedLogOut } from '@/hooks/useConfirmedLogOut';
import { usePageTitle } from '@/hooks/usePageTitle';
import { addPageMessages, chooseLocale, useLocale, useT } from '@/i18n';
import { personInfoMessages } from '@/i18n/locales/pages/personInfo';
import { navigateTo } from '@/navigation';
import { nicknameProblem } from './nickname';
import './personInfo.scss';

// The page's texts come with its code, not with the main package (i18n/locales/pages/personInfo.ts).
addPageMessages(personInfoMessages);

/** The mobile package's version and the build, as config/index.ts put them in at build time. */
const appVersion = process.env.TARO_APP_VERSION ?? '';
const appBuild = process.env.TARO_APP_BUILD ?? '';

type Sheet = 'language' | 'gender' | null;

function Value({ text, link = true }: { text: string; link?: boolean }) {
  return <Text className={link ? 'person-info__value person-info__value--link' : 'person-info__value'}>{text}</Text>;
}

export default function PersonInfo() {
  usePageTitle('personInfo');
  const t = useT();
  const locale = useLocale();
  const userinfo = useUserInfo();
  const avatarUrl = useAvatarUrl();
  const changeAvatar = useChangeAvatar();
  const updateProfile = useUpdateProfile();
  const confirmLogOut = useConfirmedLogOut();
  const cancelAccount = useCancelAccount();
  const [sheet, setSheet] = useState<Sheet>(null);
  const [nicknameDraft, setNicknameDraft] = useState<string | null>(null);

  // Each language is named in itself, so a reader of either can find their own.
  const languageOptions = locales.map((code) => ({ name: t(`language.${code}`), locale: code }));
  const genderOptions = genderTable.values.map((entry) => ({ name: entry.label[locale], gender: entry.key }));
  const draftProblem = nicknameDraft === null ? null : nicknameProblem(nicknameDraft);

  const saveNickname = () => {
    if (nicknameDraft === null || draftProblem) return;
    updateProfile.mutate(
      { nickname: nicknameDraft.trim() },
      {
        onSuccess: () => {
          setNicknameDraft(null);
          toast(t('personInfo.saved'), 'success');
        },
      },
    );
  };

  const confirmCancelAccount = async () => {
    const confirmed = await confirm({
      title: t('personInfo.cancelAccount.title'),
      content: t('personInfo.cancelAccount.content'),
      confirmText: t('personInfo.cancelAccount.confirm'),
      cancelText: t('personInfo.cancelAccount.keep'),
      destructive: true,
    });
    // A refusal (balance or open orders left) arrives as the server's own message, shown by the request layer.
    if (confirmed) cancelAccount.mutate(undefined, { onSuccess: () => toast(t('personInfo.cancelAccount.done')) });
  };

  return (
    <View className="person-info">
      {userinfo ? (
        <Cell.Group title={t('personInfo.profile')}>
          <Cell
            align="center"
            title={t('personInfo.avatar')}
            extra={
              <View className="person-info__avatar-extra">
                {avatarUrl ? (
                  <Image className="person-info__avatar" src={avatarUrl} mode="aspectFill" />
                ) : (
                  <View className="person-info__avatar" />
                )}
                <View className="person-info__arrow" />
              </View>
            }
            clickable
            onClick={() => {
              if (!changeAvatar.isPending) {
                changeAvatar.mutate(undefined, { onSuccess: (changed) => changed && toast(t('personInfo.avatar.updated')) });
              }
            }}
          />
          <Cell
            align="center"
            title={t('personInfo.nickname')}
            extra={<Value text={userinfo.nickname} />}
            clickable
            onClick={() => setNicknameDraft(userinfo.nickname)}
          />
          <Cell
            align="center"
            title={t('personInfo.gender')}
            extra={<Value text={genderTable.byCode(userinfo.gender)?.label[locale] ?? ''} />}
            clickable
            onClick={() => setSheet('gender')}
          />
          <Cell
            align="center"
            title={t('personInfo.phone')}
            extra={<Value text={userinfo.phone} />}
            clickable
            onClick={() => void navigateTo('updatePhoneNum')}
          />
          <Cell
            align="center"
            title={t('personInfo.realName')}
            extra={<Value text={userinfo.realInfo.verified ? (userinfo.realInfo.name ?? '') : t('personInfo.realName.none')} />}
            clickable
            onClick={() => void navigateTo('realNameAuth')}
          />
        </Cell.Group>
      ) : (
        <Cell.Group>
          <Cell
            align="center"
            title={t('person.guest.name')}
            extra={<Value text={t('person.login')} />}
            clickable
            onClick={() => void navigateTo('login')}
          />
        </Cell.Group>
      )}

      <Cell.Group title={t('person.settings.title')}>
        <Cell
          align="center"
          title={t('person.settings.language')}
          extra={<Value text={t(`language.${locale}`)} />}
          clickable
          onClick={() => setSheet('language')}
        />
        <Cell
          align="center"
          className="person-info__version"
          title={t('person.settings.version')}
          extra={
            <Value text={appBuild ? t('personInfo.version.value', { version: appVersion, build: appBuild }) : appVersion} link={false} />
          }
        />
      </Cell.Group>

      {userinfo ? (
        <View className="person-info__account">
          <View className="person-info__action" onClick={() => void confirmLogOut()}>
            <Text>{t('person.logout')}</Text>
          </View>
          <Text className="person-info__cancel" onClick={() => void confirmCancelAccount()}>
            {t('personInfo.cancelAccount')}
          </Text>
        </View>
      ) : null}

      <ActionSheet
        visible={sheet === 'language'}
        title={t('person.language.pickerTitle')}
        options={languageOptions}
        cancelText={t('common.cancel')}
        onSelect={(option) => {
          setSheet(null);
          chooseLocale(option.locale as Locale).catch(() => toast(t('request.networkFailure')));
        }}
        onCancel={() => setSheet(null)}
      />
      <ActionSheet
        visible={sheet === 'gender'}
        title={t('personInfo.gender.pickerTitle')}
        options={genderOptions}
        cancelText={t('common.cancel')}
        onSelect={(option) => {
          setSheet(null);
          const gender = genderTable.byKey(String(option.gender));
          if (gender) updateProfile.mutate({ gender: gender.code }, { onSuccess: () => toast(t('personInfo.saved'), 'success') });
        }}
        onCancel={() => setSheet(null)}
      />
      <Popup visible={nicknameDraft !== null} position="bottom" round onClose={() => setNicknameDraft(null)}>
        <View className="person-info__sheet">
          <Text className="person-info__sheet-title">{t('personInfo.nickname.title')}</Text>
          <Input
            className="person-info__sheet-input"
            value={nicknameDraft ?? ''}
            maxlength={NICKNAME_MAX_UNITS}
            focus={nicknameDraft !== null}
            placeholder={t('personInfo.nickname.placeholder')}
            onInput={(event) => setNicknameDraft(event.detail.value)}
            onConfirm={saveNickname}
          />
          <View className="person-info__sheet-problem">{draftProblem ? <Text>{t(draftProblem)}</Text> : null}</View>
          <Button
            type="primary"
            shape="round"
            block
            disabled={draftProblem !== null}
            loading={updateProfile.isPending}
            onClick={saveNickname}
          >
            {t('common.save')}
          </Button>
        </View>
      </Popup>
    </View>
  );
}
