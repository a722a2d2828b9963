// Prints the ten slowest end-to-end spec files (their tests' time summed, retries included), so a
// run's cost shows where it goes (.ci/run, README "What a run costs").
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { formatSlowest } from './slowest';

export default class SlowestSpecs implements Reporter {
  private readonly byFile = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
  }

  onEnd() {
    console.log(formatSlowest('spec files', [...this.byFile].map(([name, ms]) => ({ name, ms }))));
  }

  printsToStdio() {
    return true;
  }
}
