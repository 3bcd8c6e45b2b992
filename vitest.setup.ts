import { afterEach, vi } from 'vitest';

// A test that logs an unexpected console.error fails: such a log is a bug the assertions missed.
const consoleErrors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args);
});

afterEach(() => {
  const logged = consoleErrors.splice(0);
  if (logged.length > 0) {
    throw new Error(
      `console.error was called:\n${logged.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
