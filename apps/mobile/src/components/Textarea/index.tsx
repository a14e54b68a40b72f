import { Textarea as TaroTextarea } from '@tarojs/components';

/**
 * A multi-line text box: the platform's own in the mini-programs. H5 has a plain one (index.h5.tsx),
 * because Taro's is a web component there, and one web component loads the whole runtime. (Imported
 * and named again rather than re-exported: Taro's mini-program build keeps only the components it
 * sees imported.)
 */
export const Textarea = TaroTextarea;
