import { ScrollConfig } from '@maika/shared';
import { pageConfigOf } from '../../pageConfig';

export default definePageConfig({
  ...pageConfigOf('withdrawRecord'),
  onReachBottomDistance: ScrollConfig.pageBottomDistancePx,
});
