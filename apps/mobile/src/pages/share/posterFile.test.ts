/**
 * After one refusal a mini-program never asks for the album again, so saving the poster offers the
 * settings page instead. WeChat's API is the vendor here, faked as the client answers.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const taro = vi.hoisted(() => ({
  showModal: vi.fn<(option: Record<string, unknown>) => Promise<{ confirm: boolean }>>(),
  openSetting: vi.fn<() => Promise<{ authSetting: Record<string, boolean> }>>(),
}));
vi.mock('@tarojs/taro', () => ({ default: taro }));

const { offerAlbumSetting } = await import('./posterFile');
const prompt = { title: '需要相册权限', content: '需要相册权限才能保存海报', confirmText: '去设置', cancelText: '取消' };

beforeEach(() => {
  taro.showModal.mockReset();
  taro.openSetting.mockReset();
});

describe('saving the poster after the album was refused', () => {
  it('opens the settings page from the modal and answers whether the album was switched on', async () => {
    taro.showModal.mockResolvedValue({ confirm: true });
    taro.openSetting.mockResolvedValue({ authSetting: { 'scope.writePhotosAlbum': true } });
    await expect(offerAlbumSetting(prompt)).resolves.toBe(true);
    expect(taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ ...prompt, showCancel: true }));
    expect(taro.openSetting).toHaveBeenCalledTimes(1);
  });

  it('answers false when the user leaves the album off in settings', async () => {
    taro.showModal.mockResolvedValue({ confirm: true });
    taro.openSetting.mockResolvedValue({ authSetting: { 'scope.writePhotosAlbum': false } });
    await expect(offerAlbumSetting(prompt)).resolves.toBe(false);
  });

  it('does not open settings when the user cancels the modal', async () => {
    taro.showModal.mockResolvedValue({ confirm: false });
    await expect(offerAlbumSetting(prompt)).resolves.toBe(false);
    expect(taro.openSetting).not.toHaveBeenCalled();
  });
});
