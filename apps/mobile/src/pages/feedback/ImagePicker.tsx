import { FEEDBACK_IMAGES_MAX } from '@maika/shared';
import { Image, Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useT } from '@/i18n';
import { roomForImages, type PickedImage } from './imageUploads';

interface ImagePickerProps {
  images: readonly PickedImage[];
  onPicked(localPaths: string[]): void;
  onRetry(image: PickedImage): void;
  onRemove(id: number): void;
}

/** Picture tiles with their upload state, a remove button each, and a tile to add more (up to 9). */
export function ImagePicker({ images, onPicked, onRetry, onRemove }: ImagePickerProps) {
  const t = useT();
  const room = roomForImages(images);

  const pick = async () => {
    // Compressed: a phone photo is several MB, and support staff only need to read it.
    const picked = await Taro.chooseImage({ count: room, sizeType: ['compressed'], sourceType: ['album', 'camera'] });
    onPicked(picked.tempFilePaths);
  };

  const preview = (image: PickedImage) => {
    if (image.state === 'failed') onRetry(image);
    else void Taro.previewImage({ current: image.localPath, urls: images.map((each) => each.localPath) }).catch(() => undefined);
  };

  return (
    <View className="image-picker">
      {images.map((image) => (
        <View key={image.id} className={`image-picker__tile image-picker__tile--${image.state}`} data-state={image.state}>
          <Image className="image-picker__image" src={image.localPath} mode="aspectFill" onClick={() => preview(image)} />
          {image.state === 'uploading' ? (
            <View className="image-picker__overlay">
              <View className="image-picker__spinner" />
              <Text>{t('feedback.images.uploading')}</Text>
            </View>
          ) : null}
          {image.state === 'failed' ? (
            <View className="image-picker__overlay image-picker__overlay--failed" onClick={() => onRetry(image)}>
              <Text>{t('feedback.images.failed')}</Text>
            </View>
          ) : null}
          <View
            className="image-picker__remove"
            role="button"
            aria-label={t('feedback.images.remove')}
            onClick={() => onRemove(image.id)}
          />
        </View>
      ))}
      {room > 0 ? (
        // A cancelled picker rejects; nothing was picked, so there is nothing to say.
        <View className="image-picker__tile image-picker__add" role="button" onClick={() => void pick().catch(() => undefined)}>
          <View className="image-picker__plus" />
          <Text className="image-picker__add-text">{t('feedback.images.add')}</Text>
          <Text className="image-picker__add-count">
            {images.length}/{FEEDBACK_IMAGES_MAX}
          </Text>
        </View>
      ) : null}
    </View>
  );
}
