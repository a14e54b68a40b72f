import { pageConfigOf } from '../../pageConfig';

export default definePageConfig(pageConfigOf('merchant'));
