import { pageConfigOf } from '../../pageConfig';

export default definePageConfig(pageConfigOf('messageSettings'));
