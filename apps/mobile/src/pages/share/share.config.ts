import { pageConfigOf } from '../../pageConfig';

// Mini-programs offer "share to chat" only on pages that ask for it.
export default definePageConfig({ ...pageConfigOf('share'), enableShareAppMessage: true });
