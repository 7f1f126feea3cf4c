// The report as text (output channel, CLI) and as JSON (CLI --format json). Both go through
// redact() once more: the report is already clean, this is a second lock on the same door.
import { redact, redactDeep } from '../shared/redact';
import type { StepResult, TestConnectionReport } from './types';

const MARK: Record<StepResult['status'], string> = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' };

export function formatReport(report: TestConnectionReport, secrets: readonly string[] = []): string {
  const lines: string[] = [`Test Connection: ${summarize(report)}`];
  for (const s of report.steps) {
    const http = s.httpStatus !== undefined ? `, HTTP ${s.httpStatus}` : '';
    lines.push(`${MARK[s.status]}  ${s.title} (${s.durationMs} ms${http})`);
    lines.push(`      ${s.message}`);
    if (s.status === 'fail' && s.diagnosis) lines.push(`      Diagnosis: ${s.diagnosis}`);
    if (s.advice) lines.push(`      What to do: ${s.advice}`);
  }
  if (report.tokenExpiresAt) lines.push(`JWT expiry: ${report.tokenExpiresAt}`);
  if (report.proxy) lines.push(`Proxy: ${report.proxy}`);
  return redact(lines.join('\n') + '\n', secrets);
}

export function reportToJson(report: TestConnectionReport, secrets: readonly string[] = []): string {
  return JSON.stringify(redactDeep(report, secrets), null, 2) + '\n';
}

/** One line for a notification or the status item. */
export function summarize(report: TestConnectionReport): string {
  const failed = report.steps.filter((s) => s.status === 'fail');
  const passed = report.steps.filter((s) => s.status === 'pass').length;
  if (report.steps.some((s) => s.diagnosis === 'cancelled') && failed.every((s) => s.diagnosis === 'cancelled')) {
    return `cancelled after ${passed} passed step(s).`;
  }
  const outOfTime = report.steps.filter((s) => s.status === 'skip' && s.diagnosis === 'timeout');
  if (failed.length === 0 && outOfTime.length > 0) {
    return `ran out of time after ${passed} passed step(s); ${outOfTime.length} not run (${report.durationMs} ms).`;
  }
  if (failed.length === 0) {
    const skipped = report.steps.length - passed;
    return `all ${passed} step(s) passed${skipped ? `, ${skipped} skipped` : ''} in ${report.durationMs} ms.`;
  }
  const first = failed[0];
  return `${failed.length} step(s) failed; first: ${first?.title}: ${first?.diagnosis ?? 'failed'}.`;
}
