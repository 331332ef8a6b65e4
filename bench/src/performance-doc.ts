import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes one benchmark's figures into docs/performance.md between its start and end markers, leaving
 * the rest of the document (other benchmarks, hand-written findings) as it is. The first time, the
 * section is appended with what `whenNew` gives (its heading and how to run it) around the figures.
 */
export function writeMarkedSection(
  path: string,
  section: { start: string; end: string; figures: string; whenNew: (doc: string, body: string) => string },
): string {
  const { start, end } = section;
  const body = `${start}\n${section.figures}\n${end}`;
  const doc = existsSync(path) ? readFileSync(path, 'utf8') : '# Performance\n';
  writeFileSync(
    path,
    doc.includes(start) && doc.includes(end)
      ? doc.slice(0, doc.indexOf(start)) + body + doc.slice(doc.indexOf(end) + end.length)
      : doc + section.whenNew(doc, body),
  );
  return path;
}

/** The plans part of a load benchmark's section: sequential scans called out, every statement listed. */
export function planLines(
  plans: readonly {
    route: string;
    statements: readonly { executionMs: number | null; shape: string; sql: string; seqScans: string[] }[];
  }[],
  options: { growingTables: string; summary: string },
): string[] {
  const seq = plans.flatMap((p) =>
    p.statements.filter((s) => s.seqScans.length > 0).map((s) => ({ route: p.route, s })),
  );
  const lines = [
    '',
    seq.length === 0
      ? `Plans: no sequential scan on ${options.growingTables} in any statement of the measured routes.`
      : `Plans: **sequential scans** on growing tables: ${seq.map(({ route, s }) => `${route}: ${s.seqScans.join(', ')} in \`${s.sql.slice(0, 120)}…\``).join('; ')}.`,
    '',
    `<details><summary>${options.summary}</summary>`,
    '',
  ];
  for (const p of plans) {
    lines.push(`**${p.route}**`, '');
    for (const s of p.statements) {
      lines.push(
        `- ${s.executionMs === null ? 'write' : `${s.executionMs.toFixed(2)} ms`}: ${s.shape}${s.seqScans.length ? ' ⚠' : ''}`,
      );
    }
    lines.push('');
  }
  lines.push('</details>');
  return lines;
}
