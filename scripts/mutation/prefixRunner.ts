/**
 * A Stryker test runner (`vitest-prefix`): Stryker's Vitest runner, except that a mutant runs every
 * test of its file up to the last one that covers it, not the covering tests alone.
 *
 * Why: our API tests are written as stories (a describe's `beforeAll` signs people up, the first
 * test buys a plan, the next renews it). Stryker assumes tests are independent and runs only the
 * covering ones; a later test run without the ones before it fails for want of their data, and
 * Stryker counts the mutant killed. Running the prefix keeps a kill honest: the tests before it are
 * exactly what the suite itself runs first. Tests after the last covering one cannot see the mutant.
 *
 * And code run by a `beforeAll` counts as covered by the test that runs next (Stryker counts it as
 * "static" and runs every test of the group for it): the file's tests up to that one run the hook.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { INSTRUMENTER_CONSTANTS } from '@stryker-mutator/api/core';
import { PluginKind, commonTokens, declareFactoryPlugin, tokens } from '@stryker-mutator/api/plugin';
import type { Injector, PluginContext } from '@stryker-mutator/api/plugin';
import type {
  DryRunOptions,
  DryRunResult,
  MutantRunOptions,
  MutantRunResult,
  TestRunner,
} from '@stryker-mutator/api/test-runner';
// The class is not exported by the package's entry point; the file is part of the installed version.
import { VitestTestRunner } from '../../node_modules/@stryker-mutator/vitest-runner/dist/src/vitest-test-runner.js';

/**
 * Each test file's test ids in the order the dry run ran them, shared by every worker of the
 * sandbox (resolved when used: a worker moves into the sandbox after loading its plugins).
 */
const orderFile = () => resolve('stryker-test-order.json');

class PrefixVitestRunner extends VitestTestRunner {
  #order: Map<string, string[]> | undefined;

  override async init(): Promise<void> {
    await super.init();
    // Vitest reads its setup files when it runs them: ours replaces Stryker's (same path).
    await writeFile((this as unknown as { localSetupFile: string }).localSetupFile, SETUP);
  }

  override async dryRun(options: DryRunOptions): Promise<DryRunResult> {
    const result = await super.dryRun(options);
    if (result.status === 'complete') {
      const order: Record<string, string[]> = {};
      for (const test of result.tests) (order[fileOf(test.id)] ??= []).push(test.id);
      writeFileSync(orderFile(), JSON.stringify(order));
    }
    return result;
  }

  override async mutantRun(options: MutantRunOptions): Promise<MutantRunResult> {
    const filter = options.testFilter;
    return super.mutantRun(filter ? { ...options, testFilter: this.#prefixes(filter) } : options);
  }

  /** Every test of each covering file up to its last covering test. */
  #prefixes(covering: readonly string[]): string[] {
    this.#order ??= new Map(Object.entries(JSON.parse(readFileSync(orderFile(), 'utf8')) as object));
    const wanted = new Set(covering);
    const ids: string[] = [];
    for (const file of new Set(covering.map(fileOf))) {
      const order = this.#order.get(file);
      const last = order ? Math.max(...order.map((id, i) => (wanted.has(id) ? i : -1))) : -1;
      // A test the dry run did not list (should not happen): the covering tests of that file as given.
      if (!order || last < 0) ids.push(...covering.filter((id) => fileOf(id) === file));
      else ids.push(...order.slice(0, last + 1));
    }
    return ids;
  }
}

const fileOf = (id: string) => id.slice(0, id.indexOf('#'));

/**
 * Stryker's Vitest setup file (@stryker-mutator/vitest-runner, stryker-setup.js) with one change in
 * the dry run: coverage between two tests (a describe's beforeAll, work still running from the test
 * before) is given to the next test, and what runs after a file's last test to that test.
 */
const SETUP = `import { beforeEach, afterAll, beforeAll, afterEach, inject } from 'vitest';
const ns = globalThis[inject('globalNamespace')] || (globalThis[inject('globalNamespace')] = {});
ns.hitLimit = inject('hitLimit');
const separator = inject('testNameSeparator');
if (inject('mode') === 'mutant') {
  beforeAll(() => { ns.hitCount = 0; });
  if (inject('mutantActivation') === 'static') ns.activeMutant = inject('activeMutant');
  else beforeAll(() => { ns.activeMutant = inject('activeMutant'); });
  afterAll(({}, suite) => { suite.meta.hitCount = ns.hitCount; });
} else {
  const PENDING = '\u0000between-tests';
  let last;
  const claim = (id) => {
    const cov = ns.mutantCoverage;
    const pending = cov && cov.perTest[PENDING];
    if (!pending) return;
    delete cov.perTest[PENDING];
    if (!id) { for (const k in pending) cov.static[k] = (cov.static[k] || 0) + pending[k]; return; }
    const into = cov.perTest[id] || (cov.perTest[id] = {});
    for (const k in pending) into[k] = (into[k] || 0) + pending[k];
  };
  const idOf = (task) => {
    const names = [task.name];
    for (let s = task.suite; s; s = s.suite) names.unshift(s.name);
    return (task.file?.filepath ?? 'unknown.js') + '#' + names.join(separator).trim();
  };
  ns.activeMutant = undefined;
  beforeAll(() => { last = undefined; ns.currentTestId = PENDING; });
  beforeEach(({ task }) => { last = idOf(task); claim(last); ns.currentTestId = last; });
  afterEach(() => { ns.currentTestId = PENDING; });
  afterAll(({}, suite) => { claim(last); ns.currentTestId = undefined; suite.meta.mutantCoverage = ns.mutantCoverage; });
}
`;

function createRunner(injector: Injector<PluginContext>): TestRunner {
  return injector
    .provideValue('globalNamespace', INSTRUMENTER_CONSTANTS.NAMESPACE)
    .injectClass(PrefixVitestRunner);
}
createRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'vitest-prefix', createRunner)];
