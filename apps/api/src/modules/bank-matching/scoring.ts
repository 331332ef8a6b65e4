/**
 * How sure we are that a bank debit paid a bill (decision 036). Pure, so the rules are tested alone.
 *
 * A candidate is a paid bill paid from the line's account for exactly the line's amount, paid within
 * the date window (3 days before to 14 after the recorded payment: checks clear late). Its score (0-100):
 * - amount exact: 40
 * - date: 25 within 3 days, 15 within 7, 8 within 14
 * - check number or payment reference found on the line: 25
 * - payee name: up to 25, the share of the payee's words found in the line's texts
 * A match is applied by itself when the best scores at least AUTO_MATCH_SCORE and leads the next by
 * AUTO_MATCH_LEAD; otherwise it waits in the to-match list (ambiguous or weak).
 */
export const AUTO_MATCH_SCORE = 80;
export const AUTO_MATCH_LEAD = 15;
export const WINDOW_BEFORE_DAYS = 3;
export const WINDOW_AFTER_DAYS = 14;

export interface LineFacts {
  amount: number;
  date: string;
  name: string;
  merchantName: string | null;
  checkNumber: string | null;
}

export interface BillFacts {
  amount: number;
  paidDate: string | null;
  paymentReference: string | null;
  payee: string;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Words of a name or a bank descriptor, lower case, without punctuation and filler words. */
const FILLER = new Set([
  'the',
  'and',
  'of',
  'inc',
  'llc',
  'co',
  'corp',
  'ltd',
  'ach',
  'debit',
  'pmt',
  'payment',
  'pos',
  'web',
  'id',
]);
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !FILLER.has(w));
}

/**
 * Share of the payee's words on the line (a descriptor may cut a word short: a prefix of at least four
 * letters counts, "PACIFIC PWR" still finds "pacific").
 */
export function payeeSimilarity(payee: string, lineTexts: string[]): number {
  const wanted = wordsOf(payee);
  if (wanted.length === 0) return 0;
  const have = lineTexts.flatMap(wordsOf);
  const found = wanted.filter((w) =>
    have.some((h) => h === w || (h.length >= 4 && w.startsWith(h)) || (w.length >= 4 && h.startsWith(w))),
  );
  return found.length / wanted.length;
}

const digits = (s: string) => s.replace(/\D/g, '').replace(/^0+/, '');

export interface Scored {
  score: number;
  reasons: string[];
}

/** The bill's score for the line, or null when it is no candidate (amount or date out). */
export function scoreCandidate(line: LineFacts, bill: BillFacts): Scored | null {
  if (line.amount !== bill.amount || bill.paidDate === null) return null;
  const offset = daysBetween(bill.paidDate, line.date);
  if (offset < -WINDOW_BEFORE_DAYS || offset > WINDOW_AFTER_DAYS) return null;
  const reasons = ['Same amount'];
  let score = 40;
  const distance = Math.abs(offset);
  if (distance <= 3) score += 25;
  else if (distance <= 7) score += 15;
  else score += 8;
  reasons.push(distance === 0 ? 'Same day' : `${distance} day${distance === 1 ? '' : 's'} apart`);
  const reference = bill.paymentReference ? digits(bill.paymentReference) : '';
  const texts = [line.name, line.merchantName ?? ''];
  if (
    reference.length >= 3 &&
    ((line.checkNumber && digits(line.checkNumber) === reference) ||
      texts.some((t) => t.replace(/\D+/g, ' ').split(' ').map(digits).includes(reference)))
  ) {
    score += 25;
    reasons.push('Check number or reference');
  }
  const similarity = payeeSimilarity(bill.payee, texts);
  if (similarity > 0) {
    score += Math.round(25 * similarity);
    reasons.push(similarity === 1 ? 'Payee name' : 'Payee name in part');
  }
  return { score: Math.min(100, score), reasons };
}

/** The best candidates first; whether the best may be applied by itself. */
export function decide<T extends Scored>(candidates: T[]): { ranked: T[]; auto: T | null } {
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const [best, next] = ranked;
  const auto =
    best && best.score >= AUTO_MATCH_SCORE && (!next || best.score - next.score >= AUTO_MATCH_LEAD)
      ? best
      : null;
  return { ranked, auto };
}
