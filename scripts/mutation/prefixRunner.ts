/**
 * A Stryker test runner (`vitest-prefix`): Stryker's Vitest runner, except that a mutant runs every
 * test of its file up to the last one that covers it, not the covering tests alone.
 *
 * Why: our API tests are written as stories (a describe's `beforeAll` signs people up, the first
 * test buys a plan, the next renews it). Stryker assumes tests are independent and runs only the
 * covering ones; a later test run without the ones before it fails for want of their data, and
 * Stryker counts the mutant killed. Running the prefix keeps a kill honest: the tests before it are
 * exactly what the suite itself runs first. Tests after the last covering one cannot see the mutant.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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

/** Each test file's test ids in the order the dry run ran them, shared by every worker of the sandbox. */
const ORDER_FILE = resolve('stryker-test-order.json');

class PrefixVitestRunner extends VitestTestRunner {
  #order: Map<string, string[]> | undefined;

  override async dryRun(options: DryRunOptions): Promise<DryRunResult> {
    const result = await super.dryRun(options);
    if (result.status === 'complete') {
      const order: Record<string, string[]> = {};
      for (const test of result.tests) (order[fileOf(test.id)] ??= []).push(test.id);
      writeFileSync(ORDER_FILE, JSON.stringify(order));
    }
    return result;
  }

  override async mutantRun(options: MutantRunOptions): Promise<MutantRunResult> {
    const filter = options.testFilter;
    return super.mutantRun(filter ? { ...options, testFilter: this.#prefixes(filter) } : options);
  }

  /** Every test of each covering file up to its last covering test. */
  #prefixes(covering: readonly string[]): string[] {
    this.#order ??= new Map(Object.entries(JSON.parse(readFileSync(ORDER_FILE, 'utf8')) as object));
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

function createRunner(injector: Injector<PluginContext>): TestRunner {
  return injector
    .provideValue('globalNamespace', INSTRUMENTER_CONSTANTS.NAMESPACE)
    .injectClass(PrefixVitestRunner);
}
createRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'vitest-prefix', createRunner)];
