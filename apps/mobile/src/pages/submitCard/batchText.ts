/**
 * The batch box of the submit page: one card per line, "number password" separated by spaces or a
 * comma (password alone for password-only card types). Lines are checked as they are typed with
 * the same rules the server applies (validateCardBatch), and every problem names its line as the
 * user sees it in the box, blank lines counted.
 */
import {
  batchRejectedData,
  CARD_BATCH_MAX,
  validateCardBatch,
  type CardLineRule,
  type LocalizedText,
  type SubmitCardLine,
} from '@maika/shared';

export type LineField = 'cardNo' | 'cardPwd';

export type LineReason =
  /** A rule of the card type, worded by the shared validation. */
  | { kind: 'rule'; message: LocalizedText }
  /** More parts than the card type takes (a third word, or a number for a password-only type). */
  | { kind: 'extraParts'; expected: 1 | 2 }
  /** What the server said about this line when it refused the batch. */
  | { kind: 'server'; text: string };

export interface LineProblem {
  /** 1-based line of the box. */
  lineNo: number;
  field: LineField | null;
  reason: LineReason;
}

export interface BatchCheck {
  /** The non-blank lines as they would be sent, in order. */
  cards: SubmitCardLine[];
  /** The box line each entry of `cards` came from. */
  lineNos: number[];
  /** Lines that pass every check. */
  validCount: number;
  problems: LineProblem[];
  /** More non-blank lines than one submission may carry. */
  tooManyLines: boolean;
}

/** Number and password may be separated by spaces, tabs or a comma (half- or full-width). */
const separators = /[\s,，]+/u;

/** Splits one non-blank line into the card it names, or says it has too many parts. */
export function splitCardLine(line: string, needsCardNo: boolean): SubmitCardLine | 'extraParts' {
  const parts = line
    .trim()
    .split(separators)
    .filter((part) => part !== '');
  if (!needsCardNo) {
    // Two parts on a password-only type: sent as typed, so the shared rule says to drop the number.
    if (parts.length > 2) return 'extraParts';
    return parts.length === 2 ? { cardNo: parts[0]!, cardPwd: parts[1]! } : { cardPwd: parts[0] ?? '' };
  }
  if (parts.length > 2) return 'extraParts';
  return { cardNo: parts[0] ?? '', cardPwd: parts[1] ?? '' };
}

/** Checks the whole box: each line's form, each card's rule, and repeats across lines. */
export function checkBatchText(text: string, rule: CardLineRule): BatchCheck {
  const cards: SubmitCardLine[] = [];
  const lineNos: number[] = [];
  const problems: LineProblem[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const split = splitCardLine(line, rule.needsCardNo);
    if (split === 'extraParts') {
      problems.push({ lineNo: index + 1, field: null, reason: { kind: 'extraParts', expected: rule.needsCardNo ? 2 : 1 } });
      return;
    }
    cards.push(split);
    lineNos.push(index + 1);
  });
  const checked = validateCardBatch(cards, rule);
  const badLines = new Set(problems.map((problem) => problem.lineNo));
  if (!checked.ok) {
    for (const problem of checked.problems) {
      const lineNo = lineNos[problem.index]!;
      badLines.add(lineNo);
      problems.push({ lineNo, field: problem.field, reason: { kind: 'rule', message: problem.message } });
    }
  }
  problems.sort((a, b) => a.lineNo - b.lineNo);
  const lineCount = cards.length + problems.filter((problem) => problem.reason.kind === 'extraParts').length;
  return {
    cards,
    lineNos,
    validCount: lineCount - badLines.size,
    problems,
    tooManyLines: lineCount > CARD_BATCH_MAX,
  };
}

/** The bad lines a refused submission carries in its data, or null when the refusal was about something else. */
export function rejectedLinesOf(data: unknown): { index: number; field: LineField; reason: string }[] | null {
  const parsed = batchRejectedData.safeParse(data);
  return parsed.success && parsed.data.lines.length > 0 ? parsed.data.lines : null;
}

/** The server's report on a refused batch, placed on the box lines the cards came from. */
export function serverLineProblems(
  report: readonly { index: number; field: LineField; reason: string }[],
  lineNos: readonly number[],
): LineProblem[] {
  return report
    .map((line) => ({
      lineNo: lineNos[line.index] ?? line.index + 1,
      field: line.field,
      reason: { kind: 'server', text: line.reason } as const,
    }))
    .sort((a, b) => a.lineNo - b.lineNo);
}

/** The line numbers that have a problem, for marking them beside the box. */
export function problemLineNos(problems: readonly LineProblem[]): number[] {
  return [...new Set(problems.map((problem) => problem.lineNo))].sort((a, b) => a - b);
}
