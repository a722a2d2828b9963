// Prints the ten slowest test files of a Vitest run (import, environment, hooks and tests), so a run's
// cost shows where it goes and a file that grows stands out (.ci/run, README "What a run costs").
import type { Reporter, TestModule } from 'vitest/node';
import { formatSlowest } from './slowest';

export default class SlowestFiles implements Reporter {
  private readonly files: { name: string; ms: number }[] = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    this.files.push({
      name: `${module.project.name}: ${module.moduleId.replace(`${process.cwd()}/`, '')}`,
      ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
    });
  }

  onTestRunEnd() {
    console.log(formatSlowest('test files', this.files));
  }
}
