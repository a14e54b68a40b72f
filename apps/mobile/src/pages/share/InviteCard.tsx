import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { Button as NativeButton, Image, Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useEffect, useState } from 'react';
import type { ShareInfo } from '@/api/endpoints/referrals';
import { toast } from '@/feedback';
import { useT } from '@/i18n';
import { qrCodeDataUrl } from '@/pages/realNameCode/qrCode';
import { posterContent } from './invite';
import { PosterCanvas } from './PosterCanvas';
import { downloadDataUrl, offerAlbumSetting, POSTER_FILE_NAME, posterDataUrl, savePosterToAlbum } from './posterFile';

/** The QR code image of the invite link; '' until it is drawn. */
function useInviteQr(url: string): string {
  const [image, setImage] = useState('');
  useEffect(() => {
    let current = true;
    void qrCodeDataUrl(url).then(
      (drawn) => current && setImage(drawn),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return image;
}

/** The invite itself: code, QR code, link to copy, and the poster to save. */
export function InviteCard({ info }: { info: ShareInfo }) {
  const t = useT();
  const qr = useInviteQr(info.inviteUrl);
  const [poster, setPoster] = useState('');
  const [saving, setSaving] = useState(false);

  const copyLink = async () => {
    await Taro.setClipboardData({ data: info.inviteUrl });
    toast(t('share.link.copied'));
  };

  const savePoster = async () => {
    const content = posterContent(t, info);
    // An else branch, so each build keeps only its own platform's poster code.
    if (process.env.TARO_ENV === 'h5') {
      setPoster(posterDataUrl(content));
    } else {
      setSaving(true);
      try {
        let outcome = await savePosterToAlbum(content);
        if (outcome === 'denied') {
          const allowed = await offerAlbumSetting({
            title: t('share.poster.deniedTitle'),
            content: t('share.poster.denied'),
            confirmText: t('share.poster.openSetting'),
            cancelText: t('common.cancel'),
          });
          outcome = allowed ? await savePosterToAlbum(content) : 'cancelled';
        }
        if (outcome === 'saved') toast(t('share.poster.saved'), 'success');
        else if (outcome === 'denied') toast(t('share.poster.denied'));
      } finally {
        setSaving(false);
      }
    }
  };

  return (
    <View className="share__card">
      <Text className="share__label">{t('share.code.label')}</Text>
      <Text className="share__code" selectable>
        {info.inviteCode}
      </Text>
      <View className="share__qr">
        {qr ? <Image className="share__qr-image" src={qr} mode="aspectFit" aria-label={info.inviteUrl} /> : null}
      </View>
      <Text className="share__qr-hint">{t('share.qr.hint')}</Text>
      <View className="share__link-row">
        <View className="share__link-main">
          <Text className="share__label">{t('share.link.label')}</Text>
          <Text className="share__link" selectable>
            {info.inviteUrl}
          </Text>
        </View>
        <Text className="share__copy" onClick={() => void copyLink().catch(() => undefined)}>
          {t('share.link.copy')}
        </Text>
      </View>
      <View className="share__actions">
        <Button
          className="share__action"
          type="primary"
          shape="round"
          loading={saving}
          onClick={() => void savePoster().catch(() => toast(t('share.poster.failed')))}
        >
          {t('share.poster.save')}
        </Button>
        {process.env.TARO_ENV === 'h5' ? null : (
          <NativeButton className="share__action share__action--chat" openType="share">
            {t('share.toChat')}
          </NativeButton>
        )}
      </View>
      {process.env.TARO_ENV === 'h5' ? <PosterSheet poster={poster} onClose={() => setPoster('')} /> : <PosterCanvas />}
    </View>
  );
}

/** H5: the drawn poster, to press and hold (save to photos) or download. */
function PosterSheet({ poster, onClose }: { poster: string; onClose(): void }) {
  const t = useT();
  return (
    <Popup visible={poster !== ''} position="center" round onClose={onClose} className="share__poster-popup">
      <View className="share__poster">
        <View className="share__poster-close" role="button" aria-label={t('share.poster.close')} onClick={onClose} />
        <Text className="share__poster-title">{t('share.poster.title')}</Text>
        {poster ? <Image className="share__poster-image" src={poster} mode="widthFix" showMenuByLongpress /> : null}
        <Text className="share__poster-hint">{t('share.poster.hint')}</Text>
        <Button type="primary" shape="round" block onClick={() => downloadDataUrl(poster, POSTER_FILE_NAME)}>
          {t('share.poster.download')}
        </Button>
      </View>
    </Popup>
  );
}
