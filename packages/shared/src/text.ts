/**
 * Length of text as a person counts it: one per user-perceived character (grapheme cluster), so
 * an emoji, a flag or a letter with combining marks counts once, not by its UTF-16 units.
 */
const segmenter: { segment(input: string): Iterable<unknown> } | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('und', { granularity: 'grapheme' }) : null;

export function perceivedLength(text: string): number {
  if (segmenter) {
    let n = 0;
    for (const _ of segmenter.segment(text)) n += 1;
    return n;
  }
  // Runtimes without Intl.Segmenter (some mini-program engines) count code points: an emoji still counts once.
  return Array.from(text).length;
}

export const NICKNAME_MAX_CHARACTERS = 20;
/** A bound on storage too: 20 characters each built from many code units (combining marks) stay refused. */
export const NICKNAME_MAX_UNITS = 200;

export function nicknameTooLong(nickname: string): boolean {
  return nickname.length > NICKNAME_MAX_UNITS || perceivedLength(nickname) > NICKNAME_MAX_CHARACTERS;
}
