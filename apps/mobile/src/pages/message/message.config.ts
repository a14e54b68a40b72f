import { ScrollConfig } from '@maika/shared';
import { pageConfigOf } from '../../pageConfig';

export default definePageConfig({
  ...pageConfigOf('message'),
  onReachBottomDistance: ScrollConfig.pageBottomDistancePx,
});
