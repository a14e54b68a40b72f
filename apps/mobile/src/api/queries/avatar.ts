/**
 * The avatar change, apart from the other profile hooks: the image picker it opens is Taro's largest
 * API on H5, and only the profile page needs it, so it loads with that page and not with the app.
 */
import { useMutation } from '@tanstack/react-query';
import Taro from '@tarojs/taro';
import { useUserStore } from '@/stores/user';
import { updateProfile, uploadImage } from '../endpoints/user';

/** True when the user closed the picker without choosing: nothing to report. */
function isPickerCancel(failure: unknown): boolean {
  return /cancel/i.test((failure as { errMsg?: string } | null)?.errMsg ?? '');
}

/** Lets the user pick a photo, uploads it and makes it the avatar; resolves false when they picked none. */
export function useChangeAvatar() {
  return useMutation({
    mutationFn: async (): Promise<boolean> => {
      let filePath: string | undefined;
      try {
        const picked = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] });
        filePath = picked.tempFilePaths[0];
      } catch (failure) {
        if (isPickerCancel(failure)) return false;
        throw failure;
      }
      if (!filePath) return false;
      const { path } = await uploadImage(filePath);
      useUserStore.getState().applyProfileChange(await updateProfile({ avatar: path }));
      return true;
    },
  });
}
